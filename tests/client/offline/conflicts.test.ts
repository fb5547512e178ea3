import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  cacheServerRows,
  conflictFields,
  enqueueEdit,
  flushOutbox,
  getCachedRow,
  listOutbox,
  merge,
  OutboxStateError,
  recreate,
  resend,
  type MeteringDb,
  type OutboxEntry,
  type PointPatch,
} from '../../../src/client/offline'
import { entryTitle } from '../../../src/client/features/outbox/api/outbox'
import { FakeServer } from './fake-server'
import { counter, dispose, freshDb, manualClock, ME, point } from './helpers'

let db: MeteringDb
let server: FakeServer
let clock: ReturnType<typeof manualClock>

beforeEach(async () => {
  db = freshDb()
  server = new FakeServer()
  clock = manualClock()
  for (const id of [1, 2]) server.seedPoint(point(id))
  server.seedCounter(counter(7))
  await cacheServerRows('points', [...server.points.values()], { complete: true }, db)
  await cacheServerRows('counters', [...server.counters.values()], { complete: true }, db)
})

afterEach(() => dispose(db))

const flush = () => flushOutbox(server.transport, { author: ME, db, ...clock })
const editPoint = (entityId: number, patch: PointPatch) => enqueueEdit({ author: ME, entity: 'point', op: 'update', entityId, patch, baseVersion: 1 }, db)
const only = async (): Promise<OutboxEntry> => {
  const [entry] = await listOutbox(ME, db)
  return entry!
}

describe('a conflict shown whole', () => {
  it('lists every field either side changed, marked with who changed it', async () => {
    await editPoint(1, { name: 'ТП-1 ввод 2', remark: 'ключ у мастера' })
    server.editPointAsAnotherUser(1, { address: 'пр. Мира, 10', remark: 'щит опломбирован' })
    await flush()

    expect(conflictFields(await only())).toEqual([
      { field: 'name', base: 'Точка 1', mine: 'ТП-1 ввод 2', theirs: 'Точка 1', changedHere: true, changedThere: false, clash: false },
      { field: 'address', base: 'ул. Ленина, 1', mine: 'ул. Ленина, 1', theirs: 'пр. Мира, 10', changedHere: false, changedThere: true, clash: false },
      { field: 'remark', base: null, mine: 'ключ у мастера', theirs: 'щит опломбирован', changedHere: true, changedThere: true, clash: true },
    ])
  })

  it('merges changes of different fields in one request: my name, their address', async () => {
    await editPoint(1, { name: 'ТП-1 ввод 2' })
    server.editPointAsAnotherUser(1, { address: 'пр. Мира, 10' })
    await flush()
    const entry = await only()
    expect(conflictFields(entry).some((field) => field.clash)).toBe(false)

    await merge(entry.seq as number, ME, ['name'], db)
    expect(await flush()).toMatchObject({ applied: 1 })
    expect(server.requirePoint(1)).toMatchObject({ name: 'ТП-1 ввод 2', address: 'пр. Мира, 10', version: 3 })
    expect(await getCachedRow('points', 1, db)).toEqual(server.requirePoint(1))
  })

  it('merges field by field where both changed the same field: each field as chosen', async () => {
    await editPoint(1, { name: 'Моё имя', remark: 'моя заметка' })
    server.editPointAsAnotherUser(1, { name: 'Их имя', address: 'пр. Мира, 10' })
    await flush()

    // Their name, my remark, their address.
    await merge((await only()).seq as number, ME, ['remark'], db)
    await flush()
    expect(server.requirePoint(1)).toMatchObject({ name: 'Их имя', remark: 'моя заметка', address: 'пр. Мира, 10', version: 3 })
  })

  it('a merge that keeps nothing of mine drops the edit and shows the server row', async () => {
    await editPoint(1, { name: 'Моё имя' })
    server.editPointAsAnotherUser(1, { name: 'Их имя' })
    await flush()
    await merge((await only()).seq as number, ME, [], db)
    expect(await listOutbox(ME, db)).toEqual([])
    expect(await getCachedRow('points', 1, db)).toEqual(server.requirePoint(1))
  })

  it('refuses a merge of an entry that is not in conflict', async () => {
    const entry = await editPoint(1, { name: 'Моё имя' })
    await expect(merge(entry.seq as number, ME, ['name'], db)).rejects.toBeInstanceOf(OutboxStateError)
  })
})

describe('a point deleted on the server', () => {
  it('is offered for re-creation: my edit goes out as a new point with the whole row, once', async () => {
    await editPoint(2, { remark: 'счётчик в шкафу' })
    server.points.delete(2)
    await flush()
    const refused = await only()
    expect(refused).toMatchObject({ status: 'rejected', lastError: { status: 404 } })
    await expect(resend(refused.seq as number, ME, undefined, db)).rejects.toBeInstanceOf(OutboxStateError)

    await recreate(refused.seq as number, ME, db)
    expect(await flush()).toMatchObject({ applied: 1 })
    const created = [...server.points.values()].find((row) => row.remark === 'счётчик в шкафу')
    expect(created).toMatchObject({ name: 'Точка 2', point_number: 'PN-2', address: 'ул. Ленина, 2', version: 1 })
    expect(created!.point_id).not.toBe(2)
    expect(await getCachedRow('points', 2, db)).toBeUndefined()
    expect(await getCachedRow('points', created!.point_id, db)).toEqual(created)
    expect(await listOutbox(ME, db)).toEqual([])
  })
})

describe('the title of an edit', () => {
  it('names the meter as the server knows it, not by the serial number it was refused', async () => {
    await enqueueEdit({ author: ME, entity: 'counter', op: 'update', entityId: 7, patch: { serial_num: '47000902' }, baseVersion: 1 }, db)
    expect(entryTitle(await only())).toBe('Счётчик № SN7')
  })
})
