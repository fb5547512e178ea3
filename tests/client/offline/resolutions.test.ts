import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  cacheServerRows,
  countWaiting,
  discard,
  enqueueEdit,
  flushOutbox,
  getCachedRow,
  keepMine,
  listOutbox,
  OutboxStateError,
  resend,
  takeOver,
  takeTheirs,
  type MeteringDb,
  type PointPatch,
} from '../../../src/client/offline'
import { FakeServer } from './fake-server'
import { COLLEAGUE, dispose, freshDb, manualClock, point, ME } from './helpers'

let db: MeteringDb
let server: FakeServer
let clock: ReturnType<typeof manualClock>

beforeEach(async () => {
  db = freshDb()
  server = new FakeServer()
  clock = manualClock()
  for (const id of [1, 2, 3]) server.seedPoint(point(id))
  await cacheServerRows('points', [...server.points.values()], { complete: true }, db)
})

afterEach(() => dispose(db))

const flush = () => flushOutbox(server.transport, { author: ME, db, ...clock })
const editPoint = (entityId: number, patch: PointPatch, baseVersion = 1) =>
  enqueueEdit({ author: ME, entity: 'point', op: 'update', entityId, patch, baseVersion }, db)

describe('412: the point changed on the server meanwhile', () => {
  beforeEach(() => {
    server.editPointAsAnotherUser(1, { address: 'пр. Мира, 10', remark: 'их правка' })
  })

  it('marks the edit as a conflict with the server row, blocks later edits of that point only', async () => {
    const mine = await editPoint(1, { name: 'Моё имя' })
    const next = await editPoint(1, { remark: 'моя заметка' })
    const other = await editPoint(2, { name: 'Другая' })
    // The second edit joined the first: neither had been sent.
    expect(next.seq).toBe(mine.seq)
    await flush()
    const later = await editPoint(1, { name: 'Ещё позже' })

    const report = await flush()

    expect(report).toMatchObject({ applied: 0, conflicts: 0 })
    const entries = await listOutbox(ME, db)
    expect(entries.map((entry) => [entry.entityId, entry.status])).toEqual([
      [1, 'conflict'],
      [1, 'pending'],
    ])
    expect(entries[0]).toMatchObject({
      serverRow: server.requirePoint(1),
      lastError: { status: 412, message: 'Запись изменена на сервере, пока изменение ждало отправки: выберите, какую версию сохранить' },
    })
    expect(entries[1]?.mutationId).toBe(later.mutationId)
    expect(server.timesApplied(other.mutationId)).toBe(1)
    // The device keeps showing what the user typed until they choose.
    expect(await getCachedRow('points', 1, db)).toMatchObject({ name: 'Ещё позже', remark: 'моя заметка', address: 'ул. Ленина, 1' })
  })

  it('keepMine re-sends my fields on top of the server version, keeping their other changes', async () => {
    const mine = await editPoint(1, { name: 'Моё имя', remark: 'моя заметка' })
    expect(await flush()).toMatchObject({ conflicts: 1 })

    await keepMine(mine.seq as number, ME, db)
    const [requeued] = await listOutbox(ME, db)
    expect(requeued).toMatchObject({ status: 'pending', baseVersion: 2, attempts: 0, lastError: null, serverRow: null })
    expect(requeued?.mutationId).not.toBe(mine.mutationId)
    expect(await getCachedRow('points', 1, db)).toMatchObject({ name: 'Моё имя', remark: 'моя заметка', address: 'пр. Мира, 10' })

    expect(await flush()).toMatchObject({ applied: 1 })
    expect(server.timesApplied(requeued?.mutationId ?? '')).toBe(1)
    expect(server.requirePoint(1)).toMatchObject({ name: 'Моё имя', remark: 'моя заметка', address: 'пр. Мира, 10', version: 3 })
    expect(await getCachedRow('points', 1, db)).toEqual(server.requirePoint(1))
  })

  it('takeTheirs stores the server row and drops my edit', async () => {
    const mine = await editPoint(1, { name: 'Моё имя' })
    await flush()

    await takeTheirs(mine.seq as number, ME, db)

    expect(await countWaiting(ME, db)).toBe(0)
    expect(await getCachedRow('points', 1, db)).toEqual(server.requirePoint(1))
    expect(await flush()).toMatchObject({ applied: 0 })
    expect(server.applied).toEqual([])
    await expect(takeTheirs(mine.seq as number, ME, db)).rejects.toBeInstanceOf(OutboxStateError)
  })
})

describe('other 4xx: the server refused the edit', () => {
  it('keeps a 422 as rejected with the server message, and resend sends the corrected edit once', async () => {
    const refused = await editPoint(1, { energy_limit: -5 })
    await flush()
    const blocked = await editPoint(1, { name: 'Позже' })
    await flush()

    // The later edit of the same point waits behind the rejection.
    const [rejected, waiting] = await listOutbox(ME, db)
    expect(rejected).toMatchObject({ seq: refused.seq, status: 'rejected', lastError: { status: 422, message: 'Лимит энергии не может быть отрицательным' } })
    expect(waiting).toMatchObject({ seq: blocked.seq, status: 'pending', attempts: 0 })
    expect(server.received).toHaveLength(1)

    await resend(refused.seq as number, ME, { energy_limit: 7000 }, db)
    expect(await getCachedRow('points', 1, db)).toMatchObject({ energy_limit: 7000, name: 'Позже' })
    expect(await flush()).toMatchObject({ applied: 2 })

    const resentKey = server.applied[0] ?? ''
    expect(resentKey).not.toBe(refused.mutationId)
    expect(server.applied).toEqual([resentKey, blocked.mutationId])
    expect(server.requirePoint(1)).toMatchObject({ energy_limit: 7000, name: 'Позже', version: 3 })
    expect(await getCachedRow('points', 1, db)).toEqual(server.requirePoint(1))
  })

  it('keeps field errors structured and readable, and discard restores the server row', async () => {
    const refused = await editPoint(2, { name: '', address: '' })
    await flush()

    const [rejected] = await listOutbox(ME, db)
    expect(rejected?.lastError).toEqual({
      status: 400,
      message: 'Наименование: Заполните это поле!; Адрес: Заполните это поле!',
      fields: { name: ['Заполните это поле!'], address: ['Заполните это поле!'] },
    })

    await discard(refused.seq as number, ME, db)

    expect(await countWaiting(ME, db)).toBe(0)
    expect(await getCachedRow('points', 2, db)).toEqual(server.requirePoint(2))
    expect(server.applied).toEqual([])
  })

  it('discarding an edit of a point deleted on the server (404) removes it from the device', async () => {
    server.points.delete(2)
    const refused = await editPoint(2, { name: 'X' })
    await flush()
    expect((await listOutbox(ME, db))[0]).toMatchObject({ status: 'rejected', lastError: { status: 404, message: 'Страница не найдена.' } })

    await discard(refused.seq as number, ME, db)

    expect(await getCachedRow('points', 2, db)).toBeUndefined()
    expect(await countWaiting(ME, db)).toBe(0)
  })

  it('discarding a create removes the new point and its later edits', async () => {
    const create = await enqueueEdit({ author: ME, entity: 'point', op: 'create', patch: { name: 'Без адреса', point_number: 'N-9' } }, db)
    await flush()
    await enqueueEdit({ author: ME, entity: 'point', op: 'update', entityId: create.entityId, patch: { remark: 'x' }, baseVersion: 0 }, db)
    expect((await listOutbox(ME, db))[0]).toMatchObject({ status: 'rejected', lastError: { message: 'Адрес: Заполните это поле!' } })

    await discard(create.seq as number, ME, db)

    expect(await countWaiting(ME, db)).toBe(0)
    expect(await getCachedRow('points', create.entityId, db)).toBeUndefined()
  })

  it('refuses to discard an entry that is being sent', async () => {
    const entry = await editPoint(1, { name: 'X' })
    await db.outbox.update(entry.seq as number, { status: 'inflight' })
    await expect(discard(entry.seq as number, ME, db)).rejects.toThrow('Изменение отправляется: действие недоступно')
  })
})

describe('401 in the middle of the queue', () => {
  it('stops the flush, leaves the rest of the queue as it was and sends it after sign-in', async () => {
    const first = await editPoint(1, { name: 'A' })
    const second = await editPoint(2, { name: 'B' })
    const third = await editPoint(3, { name: 'C' })
    const sendOnce = server.transport
    let sent = 0
    const expiringToken = async (request: Parameters<typeof sendOnce>[0]) => {
      sent += 1
      if (sent === 2) server.authorized = false
      return sendOnce(request)
    }

    const report = await flushOutbox(expiringToken, { author: ME, db, ...clock })

    expect(report).toMatchObject({ applied: 1, authRequired: true, deferred: 0 })
    expect(server.applied).toEqual([first.mutationId])
    const waiting = await listOutbox(ME, db)
    expect(waiting.map(({ mutationId, status, attempts, lastError }) => ({ mutationId, status, attempts, lastError }))).toEqual([
      { mutationId: second.mutationId, status: 'pending', attempts: 0, lastError: null },
      { mutationId: third.mutationId, status: 'pending', attempts: 0, lastError: null },
    ])

    server.authorized = true
    expect(await flush()).toMatchObject({ applied: 2, authRequired: false })
    expect(server.applied).toEqual([first.mutationId, second.mutationId, third.mutationId])
  })
})

// Probe 2: the operator's offline edit waited (the operator signed out, then was deactivated); the colleague who signed
// in next edited the same point, and that edit waited behind it forever, with nothing on the colleague's screen.
describe("another user's waiting edit of a point", () => {
  const flushAs = (user: number) => flushOutbox(server.transportAs(user), { author: user, db, ...clock, retryNow: true })
  const editAs = (author: number, patch: PointPatch, authorName?: string) =>
    enqueueEdit({ author, authorName, entity: 'point', op: 'update', entityId: 1, patch, baseVersion: 1 }, db)

  it('taken over, goes under the new author with a new key, and the edits behind it follow', async () => {
    const theirs = await editAs(COLLEAGUE, { name: 'Их имя' }, 'Пётр Смирнов')
    expect(theirs.authorName).toBe('Пётр Смирнов')
    await editAs(ME, { remark: 'Моё примечание' })
    expect(await flushAs(ME)).toMatchObject({ applied: 0 })

    await takeOver(theirs.seq!, COLLEAGUE, ME, 'Анна Иванова', db)
    const taken = (await db.outbox.get(theirs.seq!))!
    expect(taken).toMatchObject({ author: ME, authorName: 'Анна Иванова', status: 'pending' })
    expect(taken.mutationId).not.toBe(theirs.mutationId)

    expect(await flushAs(ME)).toMatchObject({ applied: 2 })
    expect(server.appliedBy).toEqual([ME, ME])
    expect(server.requirePoint(1)).toMatchObject({ name: 'Их имя', remark: 'Моё примечание' })
  })

  // Probe: the operator created a point offline and never came back; nobody on the tablet could send or discard it.
  it("a new point, taken over, goes under the new author with a new key, and the author's later edits of it follow", async () => {
    const create = await enqueueEdit(
      { author: COLLEAGUE, authorName: 'Пётр Смирнов', entity: 'point', op: 'create', patch: { name: 'ТП-972', point_number: 'N-972', address: 'Мира, 72' } },
      db,
    )
    // Tried once with the server gone, so the author's next edit of the new point is an entry of its own.
    server.failNext({ kind: 'lost-request' })
    expect(await flushAs(COLLEAGUE)).toMatchObject({ offline: true })
    const later = await enqueueEdit(
      { author: COLLEAGUE, entity: 'point', op: 'update', entityId: create.entityId, patch: { remark: 'Щит' }, baseVersion: 0 },
      db,
    )
    expect(later.seq).not.toBe(create.seq)
    expect(await flushAs(ME)).toMatchObject({ applied: 0 })

    await takeOver(create.seq!, COLLEAGUE, ME, 'Анна Иванова', db)
    const taken = await db.outbox.bulkGet([create.seq!, later.seq!])
    expect(taken.map((entry) => entry!.author)).toEqual([ME, ME])
    expect(taken[0]!.mutationId).not.toBe(create.mutationId)
    expect(taken[1]!.mutationId).not.toBe(later.mutationId)

    expect(await flushAs(ME)).toMatchObject({ applied: 2 })
    expect(server.appliedBy).toEqual([ME, ME])
    expect([...server.points.values()].filter((row) => row.name === 'ТП-972')).toEqual([expect.objectContaining({ remark: 'Щит' })])
    expect(await db.outbox.count()).toBe(0)
  })

  it('a new point whose first send reached the server before the answer was lost is not made twice when taken over', async () => {
    const create = await enqueueEdit(
      { author: COLLEAGUE, entity: 'point', op: 'create', patch: { name: 'ТП-973', point_number: 'N-973', address: 'Мира, 73' } },
      db,
    )
    server.failNext({ kind: 'lost-answer' })
    expect(await flushAs(COLLEAGUE)).toMatchObject({ offline: true })

    await takeOver(create.seq!, COLLEAGUE, ME, undefined, db)
    expect(await flushAs(ME)).toMatchObject({ rejected: 1 })
    // The point number is unique on the server: the new key meets a refusal, which waits for the taker's decision.
    expect([...server.points.values()].filter((row) => row.point_number === 'N-973')).toHaveLength(1)
    expect(await listOutbox(ME, db)).toEqual([expect.objectContaining({ status: 'rejected', lastError: expect.objectContaining({ status: 400 }) })])
  })

  it('is taken over or discarded only while it is still the author the screen named', async () => {
    const theirs = await editAs(COLLEAGUE, { name: 'Их имя' })
    await expect(takeOver(theirs.seq!, ME, ME, undefined, db)).rejects.toThrow(OutboxStateError)
    await discard(theirs.seq!, COLLEAGUE, db)
    expect(await db.outbox.count()).toBe(0)
    expect((await db.points.get(1))!.name).toBe(point(1).name)
  })
})
