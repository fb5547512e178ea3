import { OUTBOX_BATCH_MAX } from '../../shared/constants'
import { classifyAnswer, type Answer } from './answers'
import { retryDelay } from './backoff'
import { offlineDb, type MeteringDb } from './db'
import { entityKey, rowId, tempIdMetaKey, type AnyRow } from './entities'
import { withFlushLock } from './flush-lock'
import { rebuildLocalRow } from './local-rows'
import { requestFor } from './requests'
import { T } from '../../shared/texts'
import { describeRetry, unansweredAttempts } from './server-errors'
import type { Transport, TransportResponse } from './transport'
import type { OutboxEntry, OutboxError } from './types'
import { writeTransaction } from './write-transaction'

export interface FlushOptions {
  /** The signed-in user whose session sends: only their entries go out, under their token. */
  author: number
  db?: MeteringDb
  /** Also send entries still waiting for their back-off: on `online` and on an explicit «Отправить сейчас». */
  retryNow?: boolean
  now?: () => number
  /** In [0, 1): the jitter of the back-off. */
  random?: () => number
}

export interface FlushReport {
  /** Another tab or call holds the flush lock and sends the queue; nothing was done here. */
  busy: boolean
  applied: number
  conflicts: number
  rejected: number
  /** Entries that failed for a passing reason and wait for their back-off. */
  deferred: number
  /** No answer from the server: the flush stopped early; flush again on `online`. */
  offline: boolean
  /** 401: the flush stopped with the queue untouched; ask the user to sign in, then flush again. */
  authRequired: boolean
  /** When the earliest deferred entry is due (epoch ms), null when none waits for a back-off. */
  nextAttemptAt: number | null
}

interface Clock {
  now: () => number
  random: () => number
}

/**
 * Sends the outbox: oldest first, FIFO per entity (an entity's later entries wait while an earlier one
 * is deferred, in conflict or rejected; other entities go on). One flusher at a time across tabs.
 */
export async function flushOutbox(transport: Transport, options: FlushOptions): Promise<FlushReport> {
  const db = options.db ?? offlineDb()
  const clock = { now: options.now ?? Date.now, random: options.random ?? Math.random }
  const report = await withFlushLock(() => drain(db, transport, options.author, clock, options.retryNow ?? false))
  return report ?? { ...emptyReport(), busy: true }
}

function emptyReport(): FlushReport {
  return { busy: false, applied: 0, conflicts: 0, rejected: 0, deferred: 0, offline: false, authRequired: false, nextAttemptAt: null }
}

async function drain(db: MeteringDb, transport: Transport, author: number, clock: Clock, retryNow: boolean): Promise<FlushReport> {
  await requeueAbandoned(db, author)
  const report = emptyReport()
  // Entities deferred during this flush are not retried in it, even when their back-off is already over.
  const deferredEntities = new Set<string>()
  let stopped = false
  const handle = async (entry: OutboxEntry, answer: Answer) => {
    if (answer.kind === 'auth-required') {
      await db.outbox.update(entry.seq as number, { status: 'pending' })
      report.authRequired = true
      stopped = true
      return
    }
    await settle(db, entry, answer, clock)
    if (answer.kind === 'applied') report.applied += 1
    else if (answer.kind === 'conflict') report.conflicts += 1
    else if (answer.kind === 'rejected') report.rejected += 1
    else {
      report.deferred += 1
      deferredEntities.add(entityKey(entry.entity, entry.entityId))
      // Without a network the other entries would fail the same way; they keep their turn instead.
      if (answer.kind === 'unreachable') {
        report.offline = true
        stopped = true
      }
    }
  }
  while (!stopped) {
    // Each wave sends the oldest due entry of every entity; re-reading per wave picks up edits made meanwhile.
    const heads = await dueHeads(db, author, clock.now(), retryNow, deferredEntities)
    if (heads.length === 0) break
    const sendBatch = async (candidates: OutboxEntry[]) => {
      if (stopped) return
      const batch = await claim(db, candidates)
      if (batch.length === 0) return
      const answers = await send(db, transport, batch, clock)
      // One transaction per batch: the screens' live queries wake once per batch, not once per entry.
      await writeTransaction(db, async () => {
        for (const [i, entry] of batch.entries()) await handle(entry, answers[i]!)
      })
    }
    const [probe, ...rest] = batchesOf(heads)
    await sendBatch(probe!)
    await inFlight(rest, BATCHES_IN_FLIGHT, sendBatch)
  }
  report.nextAttemptAt = await earliestRetry(db, author, clock.now())
  return report
}

/**
 * Batches hold different entities, so two may be out at once: the server applies one while the answers of the
 * other are settled on the device.
 */
const BATCHES_IN_FLIGHT = 2

/** Runs `work` over `items` with at most `limit` at a time. */
async function inFlight<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < items.length) await work(items[next++]!)
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
}

/**
 * The oldest entry goes alone and probes the network: when it is down, or the server is, the rest keep their
 * turn instead of all counting a failed attempt. The others follow in batches of the largest size the server takes.
 */
function batchesOf(heads: OutboxEntry[]): OutboxEntry[][] {
  const batches = [heads.slice(0, 1)]
  for (let start = 1; start < heads.length; start += OUTBOX_BATCH_MAX) batches.push(heads.slice(start, start + OUTBOX_BATCH_MAX))
  return batches
}

/**
 * An entry still marked inflight when a flush starts was sent by a tab that closed or crashed before the
 * answer: its outcome is unknown, so it counts as an attempt and is sent again under the same key.
 */
function requeueAbandoned(db: MeteringDb, author: number): Promise<number> {
  return db.outbox
    .where('author')
    .equals(author)
    .filter((entry) => entry.status === 'inflight')
    .modify((entry) => {
      entry.status = 'pending'
      entry.unanswered = unansweredAttempts(entry) + 1
      entry.attempts += 1
    })
}

/**
 * The one place entries are chosen for sending: the oldest entry of each entity, when it is the author's,
 * pending and due. An entity whose oldest entry waits blocks the rest, whoever made them: a later edit was
 * made on top of the earlier one, and another user's session must not send it (nor carry it in a PUT).
 */
async function dueHeads(db: MeteringDb, author: number, now: number, retryNow: boolean, deferredEntities: Set<string>): Promise<OutboxEntry[]> {
  const seen = new Set<string>()
  const heads: OutboxEntry[] = []
  for (const entry of await db.outbox.toArray()) {
    const key = entityKey(entry.entity, entry.entityId)
    if (seen.has(key)) continue
    seen.add(key)
    const due = retryNow || entry.nextAttemptAt <= now
    if (entry.author === author && entry.status === 'pending' && due && !deferredEntities.has(key)) heads.push(entry)
  }
  return heads
}

/** Marks the entries inflight and returns them as stored at that moment, so a concurrent merge is either in or out. */
function claim(db: MeteringDb, candidates: OutboxEntry[]): Promise<OutboxEntry[]> {
  return db.transaction('rw', db.outbox, async () => {
    const stored = await db.outbox.bulkGet(candidates.map((candidate) => candidate.seq as number))
    const claimed = stored.filter((entry): entry is OutboxEntry => entry?.status === 'pending')
    for (const entry of claimed) entry.status = 'inflight'
    await db.outbox.bulkPut(claimed)
    return claimed
  })
}

/** One batch: an answer per entry, or `unreachable` for all of them when no answer came. */
async function send(db: MeteringDb, transport: Transport, batch: OutboxEntry[], clock: Clock): Promise<Answer[]> {
  let responses: TransportResponse[]
  try {
    responses = await transport(batch.map(requestFor))
  } catch (error) {
    if (isNetworkError(error)) return batch.map(() => ({ kind: 'unreachable' }))
    // A broken transport is a bug to surface, but the entries must not stay inflight meanwhile.
    for (const entry of batch) await settle(db, entry, { kind: 'unreachable' }, clock)
    throw error
  }
  return batch.map((entry, i) => classifyAnswer(entry.entity, responses[i]!, clock.now()))
}

/** Accepts NetworkError from any bundle (the class or just its name), as a transport may define its own. */
function isNetworkError(error: unknown): boolean {
  return error instanceof Error && error.name === 'NetworkError'
}

function settle(db: MeteringDb, entry: OutboxEntry, answer: Exclude<Answer, { kind: 'auth-required' }>, clock: Clock): Promise<unknown> {
  const seq = entry.seq as number
  switch (answer.kind) {
    case 'applied':
      return acknowledge(db, entry, answer.row)
    case 'conflict':
      return db.outbox.update(seq, {
        status: 'conflict',
        serverRow: answer.serverRow,
        lastError: { status: 412, message: T.outboxConflictMessage },
      })
    case 'rejected':
      return db.outbox.update(seq, { status: 'rejected', lastError: answer.error })
    case 'retry':
      return defer(db, entry, answer.error, answer.retryAfterMs, clock)
    case 'unreachable':
      return defer(db, entry, describeRetry(), null, clock)
  }
}

function defer(db: MeteringDb, entry: OutboxEntry, error: OutboxError, retryAfterMs: number | null, clock: Clock): Promise<number> {
  const attempts = entry.attempts + 1
  return db.outbox.update(entry.seq as number, {
    status: 'pending',
    attempts,
    // A send with no answer (describeRetry keeps no status) grows the back-off, but is not counted on the card.
    unanswered: unansweredAttempts(entry) + (error.status === undefined ? 1 : 0),
    nextAttemptAt: clock.now() + (retryAfterMs ?? retryDelay(attempts, clock.random)),
    lastError: error,
  })
}

/** Stores the server's row, drops the entry and, for a create, moves everything from the temporary id to the real one. */
function acknowledge(db: MeteringDb, entry: OutboxEntry, row: AnyRow): Promise<void> {
  return writeTransaction(db, async () => {
    await db.outbox.delete(entry.seq as number)
    const id = rowId(entry.entity, row)
    if (entry.op === 'create') {
      await db.points.delete(entry.entityId)
      await db.outbox.where('[entity+entityId]').equals([entry.entity, entry.entityId]).modify({ entityId: id })
      await db.meta.put({ key: tempIdMetaKey(entry.entity, entry.entityId), value: id })
    }
    await rebuildLocalRow(db, entry.entity, id, row, row.version)
  })
}

async function earliestRetry(db: MeteringDb, author: number, now: number): Promise<number | null> {
  const pending = await db.outbox
    .where('author')
    .equals(author)
    .filter((entry) => entry.status === 'pending')
    .toArray()
  const times = pending.map((entry) => entry.nextAttemptAt).filter((time) => time > now)
  return times.length > 0 ? Math.min(...times) : null
}
