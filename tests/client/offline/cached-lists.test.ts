import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  cacheServerRows,
  enqueueEdit,
  flushOutbox,
  getCachedRow,
  lastRefreshedAt,
  onCachedListChange,
  queryCachedList,
  type MeteringDb,
  type RepresentRow,
} from '../../../src/client/offline'
import { FakeServer } from './fake-server'
import { counter, dispose, freshDb, point, ME } from './helpers'

let db: MeteringDb

beforeEach(() => {
  db = freshDb()
})

afterEach(() => dispose(db))

const names = (rows: { name: string }[]) => rows.map((row) => row.name)

describe('reading the cached lists', () => {
  beforeEach(async () => {
    await cacheServerRows(
      'points',
      [
        point(1, { name: 'ТП-12 ввод 1', point_number: 'A-100', has_counter: true, point_represents_number: 2, customer: { name: 'Иванов' }, address: 'Б' }),
        point(2, { name: 'тп-3 ввод 2', point_number: 'B-7', has_counter: false, point_represents_number: 0, customer: null, address: 'А' }),
        point(3, { name: 'Котельная', point_number: 'tp-99', has_counter: true, point_represents_number: 1, customer: { name: 'Абрамов' }, address: 'В' }),
      ],
      { complete: true },
      db,
    )
  })

  it('searches name and point number, case-insensitively, as a substring', async () => {
    expect(names((await queryCachedList('points', { search: 'ТП' }, db)).results)).toEqual(['ТП-12 ввод 1', 'тп-3 ввод 2'])
    expect(names((await queryCachedList('points', { search: 'TP' }, db)).results)).toEqual(['Котельная'])
    expect(names((await queryCachedList('points', { search: 'ВВОД' }, db)).results)).toEqual(['ТП-12 ввод 1', 'тп-3 ввод 2'])
    expect(names((await queryCachedList('points', { search: 'a-1' }, db)).results)).toEqual(['ТП-12 ввод 1'])
    expect(await queryCachedList('points', { search: 'нет такой' }, db)).toEqual({ count: 0, results: [] })
  })

  it('sorts by every ordering of the points list, descending with a minus', async () => {
    const order = async (ordering: string) => (await queryCachedList('points', { ordering }, db)).results.map((row) => row.point_id)
    // Digit by digit, as PostgreSQL: «ТП-12» before «тп-3».
    expect(await order('name')).toEqual([3, 1, 2])
    expect(await order('-name')).toEqual([2, 1, 3])
    expect(await order('has_counter')).toEqual([2, 1, 3])
    expect(await order('-point_represents_number')).toEqual([1, 3, 2])
    expect(await order('point_number')).toEqual([1, 2, 3])
    // A point without a customer goes last ascending and first descending, as in PostgreSQL.
    expect(await order('customer__name')).toEqual([3, 1, 2])
    expect(await order('-customer__name')).toEqual([2, 1, 3])
    expect(await order('customer_name')).toEqual(await order('customer__name'))
    expect(await order('address')).toEqual([2, 1, 3])
    expect(await order('-has_counter,name')).toEqual([3, 1, 2])
    expect(await order('no-such-field')).toEqual(await order('name'))
    expect(await order('-has_counter,nope')).toEqual(await order('name'))
  })

  it('pages like the server, count covering every match', async () => {
    expect(await queryCachedList('points', { ordering: 'name', page: 2, perPage: 2 }, db)).toEqual({
      count: 3,
      results: [expect.objectContaining({ point_id: 2 })],
    })
    expect((await queryCachedList('points', { perPage: 'all' }, db)).results).toHaveLength(3)
  })

  it('searches meters by serial number and reads the object tree', async () => {
    await cacheServerRows('counters', [counter(1, { serial_num: '0012345' }), counter(2, { serial_num: '998877' })], { complete: true }, db)
    expect((await queryCachedList('counters', { search: '123' }, db)).results.map((row) => row.counter_id)).toEqual([1])

    // The server's order: offline, «ПС 35» came before «ПС 110» and the tree turned round (UX probe).
    const tree: RepresentRow[] = [
      { represent_id: 1, parent_id: null, name: 'ПС 110 кВ Северная' },
      { represent_id: 3, parent_id: null, name: 'ПС 35 кВ Заречная' },
      { represent_id: 2, parent_id: 1, name: 'РУ-10 кВ' },
    ]
    await cacheServerRows('represents', tree, { complete: true }, db)
    expect(await queryCachedList('represents', { perPage: 'all' }, db)).toEqual({ count: 3, results: tree })
  })

  it('sees its own writes and tells listeners about them', async () => {
    expect((await queryCachedList('points', { search: 'новое' }, db)).count).toBe(0)
    const changes: string[] = []
    const stop = onCachedListChange('points', () => changes.push('points'), db)

    await enqueueEdit({ author: ME, entity: 'point', op: 'update', entityId: 2, patch: { name: 'Новое имя' }, baseVersion: 1 }, db)

    expect(names((await queryCachedList('points', { search: 'новое' }, db)).results)).toEqual(['Новое имя'])
    expect(changes).toEqual(['points'])
    stop()
    await cacheServerRows('points', [point(9)], { complete: false }, db)
    expect(changes).toEqual(['points'])
  })
})

describe('refreshing from the server', () => {
  it('never overwrites rows with waiting edits, in any state, and removes rows deleted on the server', async () => {
    const server = new FakeServer()
    for (const id of [1, 2, 3, 4, 5, 6]) server.seedPoint(point(id))
    await cacheServerRows('points', [...server.points.values()], { complete: true }, db)
    const before = Date.now()

    server.editPointAsAnotherUser(3, { name: 'чужое' })
    server.editPointAsAnotherUser(4, { name: 'чужое' })
    await enqueueEdit({ author: ME, entity: 'point', op: 'update', entityId: 2, patch: { name: 'моё 2' }, baseVersion: 1 }, db)
    await enqueueEdit({ author: ME, entity: 'point', op: 'update', entityId: 3, patch: { name: 'моё 3' }, baseVersion: 1 }, db)
    await enqueueEdit({ author: ME, entity: 'point', op: 'update', entityId: 4, patch: { energy_limit: -1 }, baseVersion: 2 }, db)
    await flushOutbox(server.transport, { author: ME, db })
    await enqueueEdit({ author: ME, entity: 'point', op: 'update', entityId: 5, patch: { name: 'моё 5' }, baseVersion: 1 }, db)
    await db.outbox.filter((entry) => entry.entityId === 5).modify({ status: 'inflight' })
    const create = await enqueueEdit({ author: ME, entity: 'point', op: 'create', patch: { name: 'новая', point_number: 'N', address: 'А' } }, db)
    expect((await db.outbox.toArray()).map((entry) => [entry.entityId, entry.status])).toEqual([
      [3, 'conflict'],
      [4, 'rejected'],
      [5, 'inflight'],
      [create.entityId, 'pending'],
    ])
    // Point 2 went through; the server then renames it and deletes point 6.
    server.editPointAsAnotherUser(2, { name: 'с сервера' })
    server.points.delete(6)
    for (const id of [1, 3, 4, 5]) server.editPointAsAnotherUser(id, { remark: 'обновлено' })

    const report = await cacheServerRows('points', [...server.points.values()], { complete: true }, db)

    expect(report).toEqual({ stored: 2, keptLocal: 3 })
    expect(await getCachedRow('points', 1, db)).toEqual(server.requirePoint(1))
    expect(await getCachedRow('points', 2, db)).toEqual(server.requirePoint(2))
    expect(await getCachedRow('points', 3, db)).toMatchObject({ name: 'моё 3', remark: null })
    expect(await getCachedRow('points', 4, db)).toMatchObject({ energy_limit: -1, remark: null })
    expect(await getCachedRow('points', 5, db)).toMatchObject({ name: 'моё 5', remark: null })
    expect(await getCachedRow('points', create.entityId, db)).toMatchObject({ name: 'новая' })
    expect(await getCachedRow('points', 6, db)).toBeUndefined()
    expect(await lastRefreshedAt('points', db)).toBeGreaterThanOrEqual(before)
    expect(await lastRefreshedAt('counters', db)).toBeNull()
  })

  it('adds and updates rows of a page without deleting the rest', async () => {
    await cacheServerRows('points', [point(1), point(2)], { complete: true }, db)
    await cacheServerRows('points', [point(2, { name: 'обновлена', version: 2 }), point(3)], { complete: false }, db)
    expect(names((await queryCachedList('points', { perPage: 'all' }, db)).results)).toEqual(['обновлена', 'Точка 1', 'Точка 3'])
  })
})
