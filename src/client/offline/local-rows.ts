import type { MeteringDb } from './db'
import { newPointRow, rowTable, type AnyRow } from './entities'
import type { EntityName, OutboxEntry } from './types'

/** The waiting entries of one entity, oldest first (the compound index orders equal keys by seq). */
export function entriesOf(db: MeteringDb, entity: EntityName, entityId: number): Promise<OutboxEntry[]> {
  return db.outbox.where('[entity+entityId]').equals([entity, entityId]).toArray()
}

/**
 * Re-applies the entity's waiting entries on top of `start` (the server's row, or null when the first
 * entry is a create) and stores the result as the local row, so the screen shows the server state plus
 * whatever still waits. Each entry's base becomes the row it now applies to. `rebaseTo` is the version
 * the server just acknowledged: later entries were made on top of that acknowledged edit.
 * Call inside a write transaction.
 */
export async function rebuildLocalRow(db: MeteringDb, entity: EntityName, entityId: number, start: AnyRow | null, rebaseTo?: number): Promise<void> {
  let row = start
  for (const entry of await entriesOf(db, entity, entityId)) {
    if (entry.op === 'create') {
      row = newPointRow(entityId, entry.patch)
      entry.base = null
    } else {
      entry.base = row as typeof entry.base
      if (rebaseTo !== undefined) entry.baseVersion = rebaseTo
      row = row && ({ ...row, ...entry.patch } as AnyRow)
    }
    await db.outbox.put(entry)
  }
  const table = rowTable(db, entity)
  if (row) await table.put(row)
  else await table.delete(entityId)
}
