import { newPointRow, type AnyRow } from './entities'
import type { OutboxEntry } from './types'

/** Whose eyes a device row is read with: a user id, or undefined for the device's own row with every waiting edit. */
export type Viewer = number | null | undefined

/** An entry recorded before authors were kept goes to the next session that signs in (`adoptUnauthored`). */
const isOwn = (entry: OutboxEntry, viewer: Viewer): boolean => viewer === undefined || entry.author === null || entry.author === viewer

/**
 * A device row as `viewer` sees it. The device keeps one row with every waiting edit applied, whoever made it
 * (local-rows.ts), but another user's edit is theirs until the server has it: where one waits, the viewer gets the
 * server's row it was made on with only the viewer's own edits on top, and no row for a point another user created.
 * `entries` are the row's waiting entries, oldest first; `server` a fresher server row than the one the edits were made on.
 */
export function rowAsSeenBy<R extends AnyRow>(row: R | undefined, entries: readonly OutboxEntry[], viewer: Viewer, server?: R): R | undefined {
  if (entries.every((entry) => isOwn(entry, viewer))) return row
  let seen = (server ?? entries[0]!.base ?? undefined) as AnyRow | undefined
  for (const entry of entries) {
    if (!isOwn(entry, viewer)) continue
    seen = entry.op === 'create' ? newPointRow(entry.entityId, entry.patch) : seen && ({ ...seen, ...entry.patch } as AnyRow)
  }
  return seen as R | undefined
}

/** The rows of a list as `viewer` sees them; `entries` are the waiting entries of the list's entity, grouped by row, oldest first. */
export function rowsAsSeenBy<R extends AnyRow>(rows: readonly R[], entries: readonly OutboxEntry[], id: (row: R) => number, viewer: Viewer): R[] {
  if (entries.every((entry) => isOwn(entry, viewer))) return [...rows]
  const waiting = new Map<number, OutboxEntry[]>()
  for (const entry of entries) waiting.set(entry.entityId, [...(waiting.get(entry.entityId) ?? []), entry])
  return rows.flatMap((row) => {
    const ofRow = waiting.get(id(row))
    const seen = ofRow ? rowAsSeenBy(row, ofRow, viewer) : row
    return seen ? [seen] : []
  })
}
