import type { MeteringDb } from './db'
import { asStorageError } from './errors'

/**
 * One read-write transaction over the cached rows, the outbox and meta, so that a row and its outbox
 * entries never disagree; a full disk surfaces as OfflineStorageFullError and nothing is written.
 */
export async function writeTransaction<T>(db: MeteringDb, work: () => Promise<T>): Promise<T> {
  try {
    return await db.transaction('rw', [db.points, db.counters, db.represents, db.installations, db.readings, db.outbox, db.meta], work)
  } catch (error) {
    throw asStorageError(error)
  }
}
