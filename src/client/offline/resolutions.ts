import { ulid } from 'ulid'
import { T } from '../../shared/texts'
import { offlineDb, type MeteringDb } from './db'
import { rowTable, type AnyRow } from './entities'
import { OutboxStateError } from './errors'
import { entriesOf, rebuildLocalRow } from './local-rows'
import { allocateTempId } from './outbox'
import { WRITABLE_FIELDS } from './conflicts'
import { POINT_WRITABLE_FIELDS, type OutboxEntry, type OutboxStatus, type PointPatch } from './types'
import { writeTransaction } from './write-transaction'

/**
 * Reads the entry inside the caller's transaction; another tab may have resolved or sent it meanwhile.
 * `author` is whose entry the caller means: the author resolves it; another user with the right to change the record may
 * only discard it or take it over, naming the author the screen showed, so an entry that changed hands is refused.
 */
async function entryIn(db: MeteringDb, seq: number, author: number | null, allowed: readonly OutboxStatus[]): Promise<OutboxEntry> {
  const entry = await db.outbox.get(seq)
  if (!entry || entry.author !== author) throw new OutboxStateError(T.outboxEntryGone)
  if (!allowed.includes(entry.status)) throw new OutboxStateError(T.outboxEntryState(T.outboxStateNames[entry.status]))
  return entry
}

function serverRowOf(entry: OutboxEntry): AnyRow {
  if (!entry.serverRow) throw new OutboxStateError(T.outboxServerRowUnknown)
  return entry.serverRow
}

/** The server answered 404: the row was deleted there. */
const isGoneOnServer = (entry: OutboxEntry): boolean => entry.lastError?.status === 404

/** The row as the server last had it, as far as this entry knows; null when the server said it is gone. */
function knownServerRow(entry: OutboxEntry): AnyRow | null {
  if (isGoneOnServer(entry)) return null
  return entry.serverRow ?? entry.base
}

/**
 * Re-queues the entry as a fresh request: after a 412 or a 4xx the server may have stored that answer
 * under the old Idempotency-Key, so the same key would only replay it.
 */
function requeue(db: MeteringDb, entry: OutboxEntry): Promise<unknown> {
  entry.mutationId = ulid()
  entry.status = 'pending'
  entry.attempts = 0
  entry.unanswered = 0
  entry.nextAttemptAt = 0
  entry.lastError = null
  entry.serverRow = null
  return db.outbox.put(entry)
}

/**
 * A conflict resolved, in one transaction: `resolve` decides what becomes of the entry, given the server's row it
 * met; the local row is then rebuilt on the server's row with whatever edits still wait.
 */
function resolveConflict(db: MeteringDb, seq: number, author: number, resolve: (entry: OutboxEntry, server: AnyRow) => Promise<unknown>): Promise<void> {
  return writeTransaction(db, async () => {
    const entry = await entryIn(db, seq, author, ['conflict'])
    const server = serverRowOf(entry)
    await resolve(entry, server)
    await rebuildLocalRow(db, entry.entity, entry.entityId, server)
  })
}

/** Conflict: my edit wins. The patch is re-based on the server's current version and sent again. */
export function keepMine(seq: number, author: number, db: MeteringDb = offlineDb()): Promise<void> {
  return resolveConflict(db, seq, author, (entry, server) => {
    entry.baseVersion = server.version
    return requeue(db, entry)
  })
}

/** Conflict: the server's version wins. It is stored locally and my edit is dropped. */
export function takeTheirs(seq: number, author: number, db: MeteringDb = offlineDb()): Promise<void> {
  return resolveConflict(db, seq, author, () => db.outbox.delete(seq))
}

/**
 * Conflict: a merge field by field. `fromMine` are the fields whose device value wins; every other field
 * keeps the server's. The edit is re-based on the server's version with only those fields; with none it is
 * dropped and the server row stored, as `takeTheirs`.
 */
export function merge(seq: number, author: number, fromMine: readonly string[], db: MeteringDb = offlineDb()): Promise<void> {
  return resolveConflict(db, seq, author, (entry, server) => {
    const mine = { ...entry.base, ...entry.patch } as Record<string, unknown>
    const kept = WRITABLE_FIELDS[entry.entity].filter((field) => fromMine.includes(field))
    if (kept.length === 0) return db.outbox.delete(seq)
    // The customer's name rides along with its id, so the local row shows it.
    const patch = Object.fromEntries(kept.map((field) => [field, mine[field]]))
    if (kept.includes('customer_id') && 'customer' in mine) patch.customer = mine.customer
    entry.patch = patch as OutboxEntry['patch']
    entry.baseVersion = server.version
    return requeue(db, entry)
  })
}

/**
 * Rejected with 404 (the point was deleted on the server): the edit becomes the create of a new point
 * with the whole row as the device shows it, under a new temporary id; later edits of it follow it.
 */
export function recreate(seq: number, author: number, db: MeteringDb = offlineDb()): Promise<void> {
  return writeTransaction(db, async () => {
    const entry = await entryIn(db, seq, author, ['rejected'])
    if (entry.entity !== 'point' || !isGoneOnServer(entry)) throw new OutboxStateError(T.outboxRecreateOnlyPoint)
    const row = { ...entry.base, ...entry.patch } as Record<string, unknown>
    const fields = [...POINT_WRITABLE_FIELDS, 'customer'].filter((field) => row[field] !== undefined)
    const tempId = await allocateTempId(db)
    await db.outbox.where('[entity+entityId]').equals(['point', entry.entityId]).modify({ entityId: tempId })
    await db.points.delete(entry.entityId)
    Object.assign(entry, { op: 'create', entityId: tempId, base: null, baseVersion: 0 })
    entry.patch = Object.fromEntries(fields.map((field) => [field, row[field]])) as PointPatch
    await requeue(db, entry)
    await rebuildLocalRow(db, 'point', tempId, null)
  })
}

/** Rejected: sends the entry again, with `editedPatch` instead of its patch when the user corrected it. */
export function resend(seq: number, author: number, editedPatch?: OutboxEntry['patch'], db: MeteringDb = offlineDb()): Promise<void> {
  return writeTransaction(db, async () => {
    const entry = await entryIn(db, seq, author, ['rejected'])
    // The same request would meet the same 404: the row is gone, re-create it or discard the edit.
    if (isGoneOnServer(entry)) throw new OutboxStateError(T.outboxGoneOnServer)
    if (editedPatch) entry.patch = editedPatch
    await requeue(db, entry)
    await rebuildLocalRow(db, entry.entity, entry.entityId, entry.base)
  })
}

/**
 * Another user's waiting entry becomes `to`'s, to be sent under their name (the server audits and keys a request by its
 * token's user): a user with the right to change the record takes over an edit its author left waiting, which holds
 * back everyone's later edits of that record, or a point its author created here and left unsent, which no one else
 * could send. `from` is the author the screen showed; an entry that meanwhile went, or changed hands, is refused. A new
 * Idempotency-Key: under the old one the server may hold the author's answer. A create takes the author's later edits
 * of the new point along (they were made on it and go after it). Should the author's send of the create have reached
 * the server with its answer lost, the new key makes no second point: the point number is unique on the server, which
 * refuses the create, and the refusal waits for the new author's decision.
 */
export function takeOver(seq: number, from: number | null, to: number, toName: string | undefined, db: MeteringDb = offlineDb()): Promise<void> {
  return writeTransaction(db, async () => {
    const entry = await entryIn(db, seq, from, ['pending', 'conflict', 'rejected'])
    const later = entry.op === 'create' ? (await entriesOf(db, entry.entity, entry.entityId)).filter((each) => each.seq !== seq && each.author === from) : []
    for (const each of [entry, ...later]) {
      each.author = to
      if (toName) each.authorName = toName
      else delete each.authorName
      if (each.status === 'pending') await requeue(db, each)
      else {
        // A conflict or a rejection stays one: the new author decides it, and keepMine or resend give it a new key then.
        each.mutationId = ulid()
        await db.outbox.put(each)
      }
    }
  })
}

/**
 * Drops a waiting entry (not one being sent). The local row goes back to the server's row when known,
 * with the entity's other waiting edits still applied (after a 404 it is removed: the server has no such
 * row any more); discarding a create removes the new point and every later edit of it.
 */
export function discard(seq: number, author: number | null, db: MeteringDb = offlineDb()): Promise<void> {
  return writeTransaction(db, async () => {
    const entry = await entryIn(db, seq, author, ['pending', 'conflict', 'rejected'])
    const entries = await entriesOf(db, entry.entity, entry.entityId)
    if (entry.op === 'create') {
      await db.outbox.bulkDelete(entries.map((each) => each.seq as number))
      await rowTable(db, entry.entity).delete(entry.entityId)
      return
    }
    const first = entries[0] as OutboxEntry
    const start = first.seq === seq ? knownServerRow(entry) : first.base
    await db.outbox.delete(seq)
    await rebuildLocalRow(db, entry.entity, entry.entityId, start)
  })
}
