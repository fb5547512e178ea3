import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  adoptUnauthored,
  cacheServerRows,
  countWaiting,
  discard,
  enqueueEdit,
  flushOutbox,
  listOutbox,
  MeteringDb,
  OutboxStateError,
  SCHEMA_VERSIONS,
  type PointPatch,
} from '../../../src/client/offline'
import { FakeServer } from './fake-server'
import { COLLEAGUE, dispose, freshDb, manualClock, ME, point } from './helpers'

let db: MeteringDb
let server: FakeServer
let clock: ReturnType<typeof manualClock>

beforeEach(async () => {
  db = freshDb()
  server = new FakeServer()
  clock = manualClock()
  for (const id of [1, 2]) server.seedPoint(point(id))
  await cacheServerRows('points', [...server.points.values()], { complete: true }, db)
})

afterEach(() => dispose(db))

/** A flush by the console of `user`: its session's transport, its entries. */
const flushAs = (user: number, options: { retryNow?: boolean } = {}) => flushOutbox(server.transportAs(user), { author: user, db, ...clock, ...options })
const editPoint = (author: number, entityId: number, patch: PointPatch) =>
  enqueueEdit({ author, entity: 'point', op: 'update', entityId, patch, baseVersion: 1 }, db)

describe('an outbox entry belongs to the user who made it', () => {
  it("is sent, listed, counted and discarded only in its author's session", async () => {
    const mine = await editPoint(ME, 1, { name: 'Моё' })
    expect(mine.author).toBe(ME)

    expect(await flushAs(COLLEAGUE, { retryNow: true })).toMatchObject({ applied: 0, deferred: 0 })
    expect(server.received).toEqual([])
    expect(await listOutbox(COLLEAGUE, db)).toEqual([])
    expect(await countWaiting(COLLEAGUE, db)).toBe(0)
    await expect(discard(mine.seq as number, COLLEAGUE, db)).rejects.toThrow(OutboxStateError)
    expect(await countWaiting(ME, db)).toBe(1)

    expect(await flushAs(ME)).toMatchObject({ applied: 1 })
    expect(server.appliedBy).toEqual([ME])
    expect(server.requirePoint(1).name).toBe('Моё')
  })

  it('a create whose answer was lost goes out again only under its author, and makes one point', async () => {
    const create = await enqueueEdit({ author: ME, entity: 'point', op: 'create', patch: { name: 'Новая', point_number: 'N-1', address: 'Мира, 3' } }, db)
    server.failNext({ kind: 'lost-answer' })
    expect(await flushAs(ME)).toMatchObject({ offline: true })
    expect(server.points.size).toBe(3)

    // Signed out; a colleague signs in on the tablet and the console flushes for them.
    expect(await flushAs(COLLEAGUE, { retryNow: true })).toMatchObject({ applied: 0 })
    expect(server.received).toHaveLength(1)

    // The author signs in again: the same key is replayed under the same user and answered from the record.
    expect(await flushAs(ME, { retryNow: true })).toMatchObject({ applied: 1 })
    expect(server.timesApplied(create.mutationId)).toBe(1)
    expect(server.appliedBy).toEqual([ME])
    expect(server.points.size).toBe(3)
    expect(await countWaiting(ME, db)).toBe(0)
  })

  it("a colleague's edit of the same point never joins the author's unsent entry and waits behind it", async () => {
    const mine = await editPoint(ME, 1, { name: 'Моё' })
    const theirs = await editPoint(COLLEAGUE, 1, { remark: 'их' })
    expect(theirs.seq).not.toBe(mine.seq)
    expect((await listOutbox(ME, db)).map((entry) => entry.patch)).toEqual([{ name: 'Моё' }])

    // FIFO per point whoever made the edits: the colleague's PUT would otherwise carry my change under their name.
    expect(await flushAs(COLLEAGUE, { retryNow: true })).toMatchObject({ applied: 0 })
    expect(server.received).toEqual([])
    expect(await flushAs(ME)).toMatchObject({ applied: 1 })
    expect(await flushAs(COLLEAGUE)).toMatchObject({ applied: 1 })
    expect(server.appliedBy).toEqual([ME, COLLEAGUE])
    expect(server.requirePoint(1)).toMatchObject({ name: 'Моё', remark: 'их', version: 3 })
  })

  it('entries recorded before authors were kept go to the first user who signs in, and stay theirs', async () => {
    await dispose(db)
    const name = `${db.name}-released`
    const [first] = SCHEMA_VERSIONS
    const released = new MeteringDb(name, [first!])
    await released.outbox.add({
      mutationId: '01HZZZZZZZZZZZZZZZZZZZZZZZ',
      entity: 'point',
      op: 'update',
      entityId: 1,
      patch: { name: 'До обновления' },
      baseVersion: 1,
      base: point(1),
      createdAt: 1,
      attempts: 0,
      nextAttemptAt: 0,
      status: 'pending',
      lastError: null,
      serverRow: null,
    } as never)
    released.close()

    db = new MeteringDb(name)
    await cacheServerRows('points', [...server.points.values()], { complete: true }, db)
    expect(await listOutbox(ME, db)).toEqual([])
    await adoptUnauthored(ME, db)
    await adoptUnauthored(COLLEAGUE, db)
    expect((await listOutbox(ME, db)).map((entry) => entry.patch)).toEqual([{ name: 'До обновления' }])
    expect(await countWaiting(COLLEAGUE, db)).toBe(0)
    expect(await flushAs(ME)).toMatchObject({ applied: 1 })
    expect(server.appliedBy).toEqual([ME])
  })
})
