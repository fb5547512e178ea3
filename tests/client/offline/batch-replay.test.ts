import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { OUTBOX_BATCH_MAX } from '../../../src/shared/constants'
import { cacheServerRows, countWaiting, enqueueEdit, flushOutbox, listOutbox, type MeteringDb, type OutboxEntry } from '../../../src/client/offline'
import { FakeServer } from './fake-server'
import { dispose, freshDb, manualClock, ME, point } from './helpers'

let db: MeteringDb
let server: FakeServer
let clock: ReturnType<typeof manualClock>

const POINTS = 2 * OUTBOX_BATCH_MAX + 50

beforeEach(async () => {
  db = freshDb()
  server = new FakeServer()
  clock = manualClock()
  const rows = Array.from({ length: POINTS }, (_, i) => point(i + 1))
  for (const row of rows) server.seedPoint(row)
  await cacheServerRows('points', rows, { complete: true }, db)
})

afterEach(() => dispose(db))

const flush = (options: { retryNow?: boolean } = {}) => flushOutbox(server.transport, { author: ME, db, ...clock, ...options })
const editAll = async (count: number): Promise<OutboxEntry[]> => {
  const entries: OutboxEntry[] = []
  for (let id = 1; id <= count; id += 1)
    entries.push(await enqueueEdit({ author: ME, entity: 'point', op: 'update', entityId: id, patch: { remark: `офлайн ${id}` }, baseVersion: 1 }, db))
  return entries
}

describe('flushOutbox in batches', () => {
  it('sends the queue in batches no larger than the server takes, after one entry that probes the network', async () => {
    const entries = await editAll(POINTS)

    expect(await flush()).toMatchObject({ applied: POINTS, deferred: 0 })

    expect(server.batches).toEqual([1, OUTBOX_BATCH_MAX, OUTBOX_BATCH_MAX, POINTS - 1 - 2 * OUTBOX_BATCH_MAX])
    expect(server.received.map((request) => request.headers['Idempotency-Key'])).toEqual(entries.map((entry) => entry.mutationId))
    expect(entries.every((entry) => server.timesApplied(entry.mutationId) === 1)).toBe(true)
    expect(await countWaiting(ME, db)).toBe(0)
  })

  it('keeps two batches out at once, each entry still applied once', async () => {
    const entries = await editAll(POINTS)
    let out = 0
    let most = 0
    let secondArrived = () => {}
    const second = new Promise<void>((resolve) => (secondArrived = resolve))
    // A full batch's answer is held until another batch is out (or a second has passed, when none comes).
    const holdingTransport: typeof server.transport = async (requests) => {
      most = Math.max(most, ++out)
      if (out === 2) secondArrived()
      if (requests.length === OUTBOX_BATCH_MAX) await Promise.race([second, new Promise((resolve) => setTimeout(resolve, 1_000))])
      const answers = await server.transport(requests)
      out -= 1
      return answers
    }

    expect(await flushOutbox(holdingTransport, { author: ME, db, ...clock })).toMatchObject({ applied: POINTS })

    expect(most).toBe(2)
    expect(entries.every((entry) => server.timesApplied(entry.mutationId) === 1)).toBe(true)
    expect(await countWaiting(ME, db)).toBe(0)
  })

  it('settles each entry of a batch by its own answer: applied, conflict, rejected', async () => {
    const [, stale, bad] = await editAll(3)
    server.editPointAsAnotherUser(2, { name: 'их' })
    await enqueueEdit({ author: ME, entity: 'point', op: 'update', entityId: 3, patch: { name: '' }, baseVersion: 1 }, db)
    await enqueueEdit({ author: ME, entity: 'point', op: 'update', entityId: 4, patch: { remark: 'четвёртая' }, baseVersion: 1 }, db)

    expect(await flush()).toMatchObject({ applied: 2, conflicts: 1, rejected: 1 })

    expect(server.batches).toEqual([1, 3])
    const waiting = await listOutbox(ME, db)
    expect(waiting.map((entry) => [entry.entityId, entry.status])).toEqual([
      [2, 'conflict'],
      [3, 'rejected'],
    ])
    expect(waiting[0]).toMatchObject({ mutationId: stale!.mutationId, serverRow: { name: 'их', version: 2 } })
    expect(waiting[1]).toMatchObject({ mutationId: bad!.mutationId })
    expect(waiting[1]?.lastError).toMatchObject({ status: 400, fields: { name: ['Заполните это поле!'] } })
  })

  it('resends a batch whose answer was lost under the same keys, each entry applied once', async () => {
    const entries = await editAll(OUTBOX_BATCH_MAX + 1)
    server.failNext({ kind: 'answer', status: 200, body: null }, { kind: 'lost-answer' })
    // The probe's 200 without a row is retried; the lost batch is deferred as a whole.
    const first = await flush()
    expect(first).toMatchObject({ offline: true, applied: 0, deferred: OUTBOX_BATCH_MAX + 1 })
    expect(server.applied).toHaveLength(OUTBOX_BATCH_MAX)

    expect(await flush({ retryNow: true })).toMatchObject({ applied: OUTBOX_BATCH_MAX + 1 })
    expect(entries.every((entry) => server.timesApplied(entry.mutationId) === 1)).toBe(true)
    expect(await countWaiting(ME, db)).toBe(0)
  })
})
