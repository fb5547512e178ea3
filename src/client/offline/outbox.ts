import { liveQuery } from 'dexie'
import { ulid } from 'ulid'
import { offlineDb, type MeteringDb } from './db'
import { newPointRow, rowTable, tempIdMetaKey, type AnyRow } from './entities'
import { MissingLocalRowError } from './errors'
import { entriesOf } from './local-rows'
import type { EditInput, EntityName, OutboxEntry, PointPatch } from './types'
import { writeTransaction } from './write-transaction'

const NEXT_TEMP_ID_KEY = 'nextTempId'

/**
 * Records an edit: the local row changes and its outbox entry is written in one transaction, so an edit
 * is either fully saved on the device or (OfflineStorageFullError, MissingLocalRowError) not at all.
 * Returns the entry; for a create its entityId is the temporary (negative) id of the new point.
 */
export function enqueueEdit(input: EditInput, db: MeteringDb = offlineDb()): Promise<OutboxEntry> {
  return writeTransaction(db, () => (input.op === 'create' ? enqueueCreate(db, input.author, input.patch, input.authorName) : enqueueUpdate(db, input)))
}

async function enqueueCreate(db: MeteringDb, author: number, patch: PointPatch, authorName?: string): Promise<OutboxEntry> {
  const tempId = await allocateTempId(db)
  await db.points.add(newPointRow(tempId, patch))
  return addEntry(db, { author, authorName, entity: 'point', op: 'create', entityId: tempId, patch, baseVersion: 0, base: null })
}

async function enqueueUpdate(db: MeteringDb, input: Extract<EditInput, { op: 'update' }>): Promise<OutboxEntry> {
  // A screen opened before its point's create was accepted still holds the temporary id, and the temporary row's
  // version: the edit applies to the row that create made, on that row's version.
  const createdAs = input.entityId < 0 ? ((await resolveTempId(input.entity, input.entityId, db)) ?? undefined) : undefined
  const entityId = createdAs ?? input.entityId
  const table = rowTable(db, input.entity)
  const current = (await table.get(entityId)) ?? input.current
  if (!current) throw new MissingLocalRowError(input.entity, entityId)
  const baseVersion = createdAs === undefined ? input.baseVersion : current.version
  await table.put({ ...current, ...input.patch } as AnyRow)

  const previous = (await entriesOf(db, input.entity, entityId)).at(-1)
  if (previous && isMergeable(previous, input.author)) {
    previous.patch = { ...previous.patch, ...input.patch }
    await db.outbox.put(previous)
    return previous
  }
  return addEntry(db, { ...input, entityId, baseVersion, base: current } as NewEntry)
}

/**
 * Only an entry that was never sent may absorb a later edit: once sent, the server may already hold it
 * under its Idempotency-Key, and the same key with another body would be refused. Another user's entry
 * never does: it is sent under their name.
 */
function isMergeable(entry: OutboxEntry, author: number): boolean {
  return entry.status === 'pending' && entry.attempts === 0 && entry.author === author
}

type NewEntry = Pick<OutboxEntry, 'author' | 'authorName' | 'entity' | 'op' | 'entityId' | 'patch' | 'baseVersion' | 'base'>

async function addEntry(db: MeteringDb, fields: NewEntry): Promise<OutboxEntry> {
  const { author, authorName, entity, op, entityId, patch, baseVersion, base } = fields
  const entry = {
    mutationId: ulid(),
    author,
    ...(authorName ? { authorName } : {}),
    entity,
    op,
    entityId,
    patch,
    baseVersion,
    base,
    createdAt: Date.now(),
    attempts: 0,
    unanswered: 0,
    nextAttemptAt: 0,
    status: 'pending',
    lastError: null,
    serverRow: null,
  } as OutboxEntry
  entry.seq = await db.outbox.add(entry)
  return entry
}

/** Temporary ids count down from -1 and are never reused, so a stale screen cannot reach another new point. */
export async function allocateTempId(db: MeteringDb): Promise<number> {
  const stored = await db.meta.get(NEXT_TEMP_ID_KEY)
  const tempId = typeof stored?.value === 'number' ? stored.value : -1
  await db.meta.put({ key: NEXT_TEMP_ID_KEY, value: tempId - 1 })
  return tempId
}

/** The author's waiting entries, in the order they will be sent (equal index keys are ordered by seq). */
export function listOutbox(author: number, db: MeteringDb = offlineDb()): Promise<OutboxEntry[]> {
  return db.outbox.where('author').equals(author).toArray()
}

/** The author's edits not yet accepted by the server: pending, being sent, in conflict or rejected. */
export function countWaiting(author: number, db: MeteringDb = offlineDb()): Promise<number> {
  return db.outbox.where('author').equals(author).count()
}

/**
 * Every waiting entry on the device, whoever made it, now and after every change: the outbox page shows why an
 * entry waits behind another user's (and, read-only, that entry). Returns the unsubscribe function.
 */
export function subscribeDeviceOutbox(
  listener: (entries: OutboxEntry[]) => void,
  db: MeteringDb = offlineDb(),
  onError?: (error: unknown) => void,
): () => void {
  const subscription = liveQuery(() => db.outbox.toArray()).subscribe({ next: listener, error: onError })
  return () => subscription.unsubscribe()
}

/**
 * Entries recorded before outbox entries carried their author become the author's: the first session
 * after the update is, as a rule, the user who made them (that session sent them before the update).
 */
export function adoptUnauthored(author: number, db: MeteringDb = offlineDb()): Promise<number> {
  // Entries a release before this one wrote have no author field at all; the upgrade made them null.
  return db.outbox.filter((entry) => typeof entry.author !== 'number').modify({ author })
}

/** The real id a temporary one became once the server accepted the create, or null while it waits. */
export async function resolveTempId(entity: EntityName, tempId: number, db: MeteringDb = offlineDb()): Promise<number | null> {
  const record = await db.meta.get(tempIdMetaKey(entity, tempId))
  return typeof record?.value === 'number' ? record.value : null
}
