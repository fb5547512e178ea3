import { cacheServerRows } from './cached-lists'
import { offlineDb, type MeteringDb } from './db'
import type { ListName, ListRows } from './lists'
import { listTable } from './lists'
import type { InstallationRow, ReadingsRow } from './types'

/** What the server's mirror call answers (src/shared/schemas/mirror.ts), as far as this layer reads it. */
export interface MirrorChanges {
  cursor: string
  points: MirrorSection<'points'>
  counters: MirrorSection<'counters'>
  represents: MirrorSection<'represents'>
  installations: MirrorSection<'installations'>
  readings: MirrorSection<'readings'>
}
/** Null when the user may not see that kind of row: the device then keeps none of them (but edits waiting). */
type MirrorSection<L extends ListName> = { changed: readonly ListRows[L][]; ids: readonly number[] } | null

export const MIRRORED_LISTS = ['points', 'counters', 'represents', 'installations', 'readings'] as const satisfies readonly ListName[]

interface MirrorMark {
  /** The server's cursor after the last round; rounds of another user start afresh. */
  cursor: string
  userId: number
  /** When the last round ended (epoch ms). */
  at: number
}
const MARK_KEY = 'mirror'

async function readMark(db: MeteringDb): Promise<MirrorMark | null> {
  const record = await db.meta.get(MARK_KEY)
  return (record?.value as MirrorMark | undefined) ?? null
}

/** The `since` of the user's next round, or undefined for a whole copy (never mirrored, or another user's copy). */
export async function mirrorCursor(userId: number, db: MeteringDb = offlineDb()): Promise<string | undefined> {
  const mark = await readMark(db)
  return mark?.userId === userId ? mark.cursor : undefined
}

/** When the device's copy was last brought up to date by the mirror (epoch ms), or null if never. */
export async function lastMirroredAt(db: MeteringDb = offlineDb()): Promise<number | null> {
  return (await readMark(db))?.at ?? null
}

/**
 * Stores one round's answer, list by list (`onList` after each, for the progress), then the cursor: a round that
 * fails half way is asked again from the old cursor. Rows with waiting outbox edits are left as they are.
 */
export async function applyMirrorChanges(
  changes: MirrorChanges,
  userId: number,
  onList: (list: ListName) => void = () => undefined,
  db: MeteringDb = offlineDb(),
): Promise<void> {
  for (const list of MIRRORED_LISTS) {
    const section = changes[list] as MirrorSection<typeof list>
    await cacheServerRows(list, section?.changed ?? [], { complete: false, present: section?.ids ?? [] }, db)
    onList(list)
  }
  await db.meta.put({ key: MARK_KEY, value: { cursor: changes.cursor, userId, at: Date.now() } satisfies MirrorMark })
}

/** The connection parameters of the meter's current installation on the device (the secret ones are never sent). */
export async function cachedConnParamsOf(counterId: number, db: MeteringDb = offlineDb()): Promise<InstallationRow['conn_params']> {
  const rows = await listTable(db, 'installations').where('counter_id').equals(counterId).toArray()
  return rows.find((row) => row.is_current)?.conn_params ?? null
}

/** A point's installations on the device, the current one first, then the removed ones from the latest. */
export async function cachedInstallationsOf(pointId: number, db: MeteringDb = offlineDb()): Promise<InstallationRow[]> {
  const rows = await listTable(db, 'installations').where('point_id').equals(pointId).toArray()
  return rows.sort((a, b) => Number(b.is_current) - Number(a.is_current) || b.install_date.localeCompare(a.install_date))
}

/** A meter's latest readings on the device, or undefined when the mirror brought none. */
export const cachedReadingsOf = (counterId: number, db: MeteringDb = offlineDb()): Promise<ReadingsRow | undefined> => listTable(db, 'readings').get(counterId)
