import { offlineDb, type MeteringDb } from './db'
import { entriesOf } from './local-rows'
import { rowAsSeenBy, type Viewer } from './seen-by'
import { retriesAfterServerError } from './server-errors'
import type { OutboxEntry } from './types'

/**
 * Why an entry is held back although it could be sent: the entity's oldest entry waits for someone's decision, or
 * (`server-error`) waits out its back-off after the server answered it with an error.
 */
export type WaitReason = 'rejected' | 'conflict' | 'other-author' | 'server-error'

export interface Blocker {
  reason: WaitReason
  /** The entity's oldest entry, which the replay sends first (FIFO per entity, replay.ts `dueHeads`). */
  entry: OutboxEntry
}

/** An entry recorded before authors were kept is the signed-in user's (`adoptUnauthored`). */
const sameAuthor = (a: OutboxEntry, b: OutboxEntry): boolean => a.author === null || b.author === null || a.author === b.author

/**
 * What `entry` waits behind, given its entity's waiting entries oldest first: their oldest, when that one is not going
 * anywhere by itself (rejected, in conflict, or another user's, sent only in their session) or waits to be sent again
 * after the server answered it with an error. Null when nothing holds it but the network or its own back-off.
 */
export function blockerAmong(entry: OutboxEntry, entityEntries: readonly OutboxEntry[]): Blocker | null {
  const head = entityEntries[0]
  if (!head || head.seq === entry.seq) return null
  if (!sameAuthor(head, entry)) return { reason: 'other-author', entry: head }
  if (head.status === 'rejected' || head.status === 'conflict') return { reason: head.status, entry: head }
  if (retriesAfterServerError(head)) return { reason: 'server-error', entry: head }
  return null
}

/** `blockerAmong`, reading the entity's entries from the device. */
export async function waitingBehind(entry: OutboxEntry, db: MeteringDb = offlineDb()): Promise<Blocker | null> {
  return blockerAmong(entry, await entriesOf(db, entry.entity, entry.entityId))
}

/**
 * The row an update was made on, as `viewer` may see it: the entry's base holds every earlier waiting edit, another
 * user's unsent values too, which are theirs until the server has them (seen-by.ts).
 */
export function baseAsSeenBy(entry: OutboxEntry, entityEntries: readonly OutboxEntry[], viewer: Viewer): OutboxEntry['base'] {
  const earlier = entityEntries.filter((each) => (each.seq as number) < (entry.seq as number))
  return (rowAsSeenBy(entry.base ?? undefined, earlier, viewer) ?? null) as OutboxEntry['base']
}
