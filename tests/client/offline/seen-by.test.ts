import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { MeteringDb } from '../../../src/client/offline'
import { cacheServerRows, enqueueEdit, seenBy, type CounterPatch, type PointPatch } from '../../../src/client/offline'
import { COLLEAGUE, counter, dispose, freshDb, ME, point } from './helpers'

// Found from the field: on a shared tablet, a colleague opening the points or the meters with the server gone saw the
// operator's unsent edits as if they were the server's, although only the operator's session can send them.

let db: MeteringDb

beforeEach(async () => {
  db = freshDb()
  await cacheServerRows('points', [point(1, { name: 'ТП-1' }), point(2, { name: 'ТП-2' })], { complete: true }, db)
  await cacheServerRows('counters', [counter(10, { serial_num: 'SN-10', coeff: 1 })], { complete: true }, db)
})

afterEach(() => dispose(db))

const editPoint = (author: number, entityId: number, patch: PointPatch) =>
  enqueueEdit({ author, entity: 'point', op: 'update', entityId, patch, baseVersion: 1 }, db)
const editCounter = (author: number, entityId: number, patch: CounterPatch) =>
  enqueueEdit({ author, entity: 'counter', op: 'update', entityId, patch, baseVersion: 1 }, db)
const names = async (viewer: number) => (await seenBy(viewer, db).list('points', { perPage: 'all' })).results.map((row) => row.name)

describe("the device's copy as each user on a shared tablet sees it", () => {
  it("shows the author their waiting edit and a colleague the server's row", async () => {
    await editPoint(ME, 1, { name: 'ТП-1 (новое имя)', remark: 'щит в подвале' })
    expect(await names(ME)).toEqual(['ТП-1 (новое имя)', 'ТП-2'])
    expect(await names(COLLEAGUE)).toEqual(['ТП-1', 'ТП-2'])
    expect(await seenBy(COLLEAGUE, db).row('points', 1)).toMatchObject({ name: 'ТП-1', remark: null })
    expect(await seenBy(ME, db).row('points', 1)).toMatchObject({ name: 'ТП-1 (новое имя)', remark: 'щит в подвале' })
    // A search finds the row by what its viewer sees.
    expect((await seenBy(COLLEAGUE, db).list('points', { search: 'новое' })).count).toBe(0)
  })

  it('keeps to each user their own edits of one row', async () => {
    await editPoint(ME, 1, { name: 'Имя оператора' })
    await editPoint(COLLEAGUE, 1, { remark: 'Примечание коллеги' })
    expect(await seenBy(ME, db).row('points', 1)).toMatchObject({ name: 'Имя оператора', remark: null })
    expect(await seenBy(COLLEAGUE, db).row('points', 1)).toMatchObject({ name: 'ТП-1', remark: 'Примечание коллеги' })
  })

  it('does not show a colleague a point created on the device by another user', async () => {
    const create = await enqueueEdit({ author: ME, entity: 'point', op: 'create', patch: { name: 'Новая', point_number: 'N-1', address: 'Мира, 3' } }, db)
    expect(await names(ME)).toEqual(['Новая', 'ТП-1', 'ТП-2'])
    expect(await names(COLLEAGUE)).toEqual(['ТП-1', 'ТП-2'])
    expect(await seenBy(COLLEAGUE, db).row('points', create.entityId)).toBeUndefined()
  })

  it("shows a colleague the meter's ratios as the server has them", async () => {
    await editCounter(ME, 10, { coeff: 40 })
    expect((await seenBy(COLLEAGUE, db).list('counters', { perPage: 'all' })).results[0]).toMatchObject({ serial_num: 'SN-10', coeff: 1 })
    expect(await seenBy(ME, db).row('counters', 10)).toMatchObject({ coeff: 40 })
  })
})
