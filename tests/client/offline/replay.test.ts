import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { cacheServerRows, countWaiting, enqueueEdit, flushOutbox, getCachedRow, listOutbox, resolveTempId, type MeteringDb } from '../../../src/client/offline'
import { FakeServer } from './fake-server'
import { counter, dispose, freshDb, manualClock, point, ME } from './helpers'

let db: MeteringDb
let server: FakeServer
let clock: ReturnType<typeof manualClock>

beforeEach(async () => {
  db = freshDb()
  server = new FakeServer()
  clock = manualClock()
  for (const row of [point(1), point(2)]) server.seedPoint(row)
  server.seedCounter(counter(7, { point_id: 1 }))
  await cacheServerRows('points', [...server.points.values()], { complete: true }, db)
  await cacheServerRows('counters', [...server.counters.values()], { complete: true }, db)
})

afterEach(() => dispose(db))

const flush = (options: { retryNow?: boolean } = {}) => flushOutbox(server.transport, { author: ME, db, ...clock, ...options })

describe('flushOutbox, happy path', () => {
  it('sends an update, a meter edit and a create, each applied once, and stores the server rows', async () => {
    const update = await enqueueEdit({ author: ME, entity: 'point', op: 'update', entityId: 1, patch: { name: 'ТП-1 ввод' }, baseVersion: 1 }, db)
    const meter = await enqueueEdit({ author: ME, entity: 'counter', op: 'update', entityId: 7, patch: { coeff: 40 }, baseVersion: 1 }, db)
    const create = await enqueueEdit({ author: ME, entity: 'point', op: 'create', patch: { name: 'Новая', point_number: 'N-1', address: 'Мира, 3' } }, db)

    const report = await flush()

    expect(report).toMatchObject({ busy: false, applied: 3, conflicts: 0, rejected: 0, deferred: 0, offline: false, authRequired: false })
    expect(server.received.map(({ method, path, headers }) => [method, path, headers])).toEqual([
      ['PUT', '/api/points/1/', { 'Idempotency-Key': update.mutationId, 'If-Match': '"1"' }],
      ['PATCH', '/api/counters/7/', { 'Idempotency-Key': meter.mutationId, 'If-Match': '"1"' }],
      ['POST', '/api/points/', { 'Idempotency-Key': create.mutationId }],
    ])
    // PUT carries the whole point, PATCH only the changed meter fields.
    expect(server.received[0]?.body).toEqual({
      point_number: 'PN-1',
      name: 'ТП-1 ввод',
      address: 'ул. Ленина, 1',
      remark: null,
      customer_id: null,
      energy_limit: 5000,
    })
    expect(server.received[1]?.body).toEqual({ coeff: 40 })
    expect(server.applied).toEqual([update.mutationId, meter.mutationId, create.mutationId])

    expect(await getCachedRow('points', 1, db)).toEqual(server.requirePoint(1))
    expect(server.requirePoint(1)).toMatchObject({ name: 'ТП-1 ввод', version: 2 })
    expect(await getCachedRow('counters', 7, db)).toEqual(server.counters.get(7))
    const realId = await resolveTempId('point', create.entityId, db)
    expect(realId).toBe(500)
    expect(await getCachedRow('points', create.entityId, db)).toBeUndefined()
    expect(await getCachedRow('points', 500, db)).toEqual(server.requirePoint(500))
    expect(await countWaiting(ME, db)).toBe(0)

    // A screen still showing the temporary id edits the real point.
    const late = await enqueueEdit({ author: ME, entity: 'point', op: 'update', entityId: create.entityId, patch: { remark: 'позже' }, baseVersion: 1 }, db)
    expect(late.entityId).toBe(500)
    await flush()
    expect(server.received.at(-1)).toMatchObject({ method: 'PUT', path: '/api/points/500/' })
    expect(server.requirePoint(500)).toMatchObject({ remark: 'позже', version: 2 })
  })

  // Found in the field: a form opened on a point created offline, saved after the create was accepted, made a conflict
  // nobody caused, as it went out with the temporary row's version.
  it('sends an edit made on the temporary row after the create was accepted on the created version', async () => {
    const create = await enqueueEdit({ author: ME, entity: 'point', op: 'create', patch: { name: 'Новая', point_number: 'N-1', address: 'Мира, 3' } }, db)
    const opened = (await getCachedRow('points', create.entityId, db))!
    await flush()
    await enqueueEdit({ author: ME, entity: 'point', op: 'update', entityId: opened.point_id, patch: { remark: 'щит 2' }, baseVersion: opened.version }, db)

    expect(await flush()).toMatchObject({ applied: 1, conflicts: 0 })
    expect(server.received.at(-1)).toMatchObject({ method: 'PUT', path: '/api/points/500/', headers: { 'If-Match': '"1"' } })
    expect(server.requirePoint(500)).toMatchObject({ remark: 'щит 2', version: 2 })
  })

  it('re-targets edits of a point created offline to its real id and re-bases them on the created version', async () => {
    const create = await enqueueEdit({ author: ME, entity: 'point', op: 'create', patch: { name: 'Новая', point_number: 'N-1', address: 'Мира, 3' } }, db)
    server.failNext({ kind: 'lost-request' })
    await flush()
    // The create was tried once, so the next edit may not join it: it becomes an entry of its own.
    await enqueueEdit({ author: ME, entity: 'point', op: 'update', entityId: create.entityId, patch: { remark: 'щит 2' }, baseVersion: 0 }, db)
    expect(await listOutbox(ME, db)).toHaveLength(2)

    await flush({ retryNow: true })

    expect(server.received.map(({ method, path, headers }) => [method, path, headers['If-Match']])).toEqual([
      ['POST', '/api/points/', undefined],
      ['PUT', '/api/points/500/', '"1"'],
    ])
    expect(server.requirePoint(500)).toMatchObject({ name: 'Новая', remark: 'щит 2', version: 2 })
    expect(await getCachedRow('points', 500, db)).toEqual(server.requirePoint(500))
    expect(await countWaiting(ME, db)).toBe(0)
  })

  it('sends a second edit of the same point after the first, on top of the version the first produced', async () => {
    await enqueueEdit({ author: ME, entity: 'point', op: 'update', entityId: 1, patch: { name: 'A' }, baseVersion: 1 }, db)
    server.failNext({ kind: 'lost-request' })
    await flush()
    await enqueueEdit({ author: ME, entity: 'point', op: 'update', entityId: 1, patch: { address: 'Б' }, baseVersion: 1 }, db)

    await flush({ retryNow: true })

    expect(server.received.map(({ headers, body }) => [headers['If-Match'], body.name, body.address])).toEqual([
      ['"1"', 'A', 'ул. Ленина, 1'],
      ['"2"', 'A', 'Б'],
    ])
    expect(server.requirePoint(1)).toMatchObject({ name: 'A', address: 'Б', version: 3 })
    expect(await getCachedRow('points', 1, db)).toEqual(server.requirePoint(1))
  })
})

describe('flushOutbox, failures that are retried', () => {
  it('keeps the edit when the request never reached the server and sends it once later', async () => {
    const entry = await enqueueEdit({ author: ME, entity: 'point', op: 'update', entityId: 1, patch: { name: 'X' }, baseVersion: 1 }, db)
    await enqueueEdit({ author: ME, entity: 'point', op: 'update', entityId: 2, patch: { name: 'Y' }, baseVersion: 1 }, db)
    server.failNext({ kind: 'lost-request' })

    const offline = await flush()

    expect(offline).toMatchObject({ offline: true, deferred: 1, applied: 0, nextAttemptAt: clock.now() + 1000 })
    const [first, second] = await listOutbox(ME, db)
    expect(first).toMatchObject({ mutationId: entry.mutationId, status: 'pending', attempts: 1, nextAttemptAt: clock.now() + 1000 })
    expect(first?.lastError?.message).toBe('Нет связи с сервером: изменение будет отправлено позже')
    // Without a network the flush stops instead of failing every other entry too.
    expect(second).toMatchObject({ status: 'pending', attempts: 0 })
    expect(server.requirePoint(1).version).toBe(1)

    clock.advance(1000)
    expect(await flush()).toMatchObject({ applied: 2, offline: false })
    expect(server.timesApplied(entry.mutationId)).toBe(1)
    expect(server.requirePoint(1)).toMatchObject({ name: 'X', version: 2 })
  })

  // Field probe: after five minutes offline the oldest edit's card read «попыток отправки: 23».
  it('counts the sends that got no answer apart: the back-off grows with them, the count the card shows does not', async () => {
    await enqueueEdit({ author: ME, entity: 'point', op: 'update', entityId: 1, patch: { name: 'X' }, baseVersion: 1 }, db)
    const waits: number[] = []
    for (const failure of [{ kind: 'lost-request' }, { kind: 'lost-request' }, { kind: 'answer', status: 503 }] as const) {
      server.failNext(failure)
      await flush({ retryNow: true })
      const [entry] = await listOutbox(ME, db)
      waits.push((entry?.nextAttemptAt ?? 0) - clock.now())
    }
    // Jitter is fixed at 0.5: half of 2 s, 4 s, 8 s.
    expect(waits).toEqual([1000, 2000, 4000])
    expect((await listOutbox(ME, db))[0]).toMatchObject({ attempts: 3, unanswered: 2 })

    // A tab closed before the answer came: no answer either; the resend is answered.
    await db.outbox.toCollection().modify({ status: 'inflight' })
    server.failNext({ kind: 'answer', status: 503 })
    await flush({ retryNow: true })
    expect((await listOutbox(ME, db))[0]).toMatchObject({ attempts: 5, unanswered: 3 })
  })

  it('applies once when the server applied the edit but the answer was lost', async () => {
    const entry = await enqueueEdit({ author: ME, entity: 'point', op: 'update', entityId: 1, patch: { name: 'X' }, baseVersion: 1 }, db)
    server.failNext({ kind: 'lost-answer' })

    expect(await flush()).toMatchObject({ offline: true, deferred: 1 })
    expect(server.requirePoint(1).version).toBe(2)

    expect(await flush({ retryNow: true })).toMatchObject({ applied: 1 })
    // The resend carried the same key, so the server answered from its record instead of applying again.
    expect(server.received.map((request) => request.headers['Idempotency-Key'])).toEqual([entry.mutationId, entry.mutationId])
    expect(server.timesApplied(entry.mutationId)).toBe(1)
    expect(server.requirePoint(1)).toMatchObject({ name: 'X', version: 2 })
    expect(await getCachedRow('points', 1, db)).toEqual(server.requirePoint(1))
    expect(await countWaiting(ME, db)).toBe(0)
  })

  it('backs off exponentially on 5xx while other points go on, then succeeds once', async () => {
    const failing = await enqueueEdit({ author: ME, entity: 'point', op: 'update', entityId: 1, patch: { name: 'X' }, baseVersion: 1 }, db)
    const later = await enqueueEdit({ author: ME, entity: 'point', op: 'update', entityId: 2, patch: { name: 'Y' }, baseVersion: 1 }, db)
    server.failNext({ kind: 'answer', status: 503, body: { detail: 'Сервис недоступен' } })

    expect(await flush()).toMatchObject({ applied: 1, deferred: 1, offline: false })
    expect(server.timesApplied(later.mutationId)).toBe(1)

    // Jitter is fixed at 0.5: half of 2 s, 4 s, 8 s.
    const waits: number[] = []
    for (const status of [500, 502]) {
      const [entry] = await listOutbox(ME, db)
      waits.push((entry?.nextAttemptAt ?? 0) - clock.now())
      clock.advance(waits.at(-1) ?? 0)
      server.failNext({ kind: 'answer', status })
      await flush()
    }
    const [entry] = await listOutbox(ME, db)
    waits.push((entry?.nextAttemptAt ?? 0) - clock.now())
    expect(waits).toEqual([1000, 2000, 4000])
    expect(entry).toMatchObject({ status: 'pending', attempts: 3, lastError: { status: 502, message: 'Сервер временно недоступен (код 502): повтор позже' } })

    expect(await flush()).toMatchObject({ applied: 0, deferred: 0, nextAttemptAt: clock.now() + 4000 })
    clock.advance(4000)
    expect(await flush()).toMatchObject({ applied: 1 })
    expect(server.timesApplied(failing.mutationId)).toBe(1)
    expect(server.requirePoint(1)).toMatchObject({ name: 'X', version: 2 })
  })

  it('waits as long as Retry-After says, in seconds or as an HTTP date', async () => {
    await enqueueEdit({ author: ME, entity: 'point', op: 'update', entityId: 1, patch: { name: 'X' }, baseVersion: 1 }, db)
    server.failNext({ kind: 'answer', status: 429, headers: { 'retry-after': '120' } })
    await flush()
    expect((await listOutbox(ME, db))[0]?.nextAttemptAt).toBe(clock.now() + 120_000)

    clock.advance(119_000)
    await flush()
    expect(server.received).toHaveLength(1)

    clock.advance(1000)
    server.failNext({ kind: 'answer', status: 503, headers: { 'Retry-After': new Date(clock.now() + 30_000).toUTCString() } })
    await flush()
    expect(server.received).toHaveLength(2)
    expect((await listOutbox(ME, db))[0]?.nextAttemptAt).toBe(clock.now() + 30_000)

    clock.advance(30_000)
    expect(await flush()).toMatchObject({ applied: 1 })
    expect(server.requirePoint(1)).toMatchObject({ name: 'X', version: 2 })
  })
})
