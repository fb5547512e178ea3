import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, sql } from 'drizzle-orm'
import { OUTBOX_BATCH_MAX } from '../../../src/shared/constants'
import { T } from '../../../src/shared/texts'
import { auditLog } from '../../../src/server/db/schema'
import { startRegistryApp, type RegistryApp } from '../../helpers/test-app'

let t: RegistryApp
beforeAll(async () => {
  t = await startRegistryApp()
})
afterAll(() => t.close())

let n = 0
const newPoint = (over: Record<string, unknown> = {}) => ({ name: `ТП-Б${++n}`, point_number: `OB-${n}`, address: `ул. Мира, ${n}`, ...over })
const createPoint = async (over: Record<string, unknown> = {}) => {
  const res = await t.call(t.adminToken, { method: 'POST', url: '/api/points/', payload: newPoint(over) })
  expect(res.statusCode).toBe(201)
  return res.json() as { point_id: number; point_number: string; name: string; address: string; version: number }
}
const edit = (point: { point_id: number; name: string; point_number: string; address: string }, key: string, version: number, remark: string) => ({
  method: 'PUT',
  path: `/api/points/${point.point_id}/`,
  body: { name: point.name, point_number: point.point_number, address: point.address, remark },
  headers: { 'Idempotency-Key': key, 'If-Match': `"${version}"` },
})
const batch = (token: string, entries: unknown[]) => t.call(token, { method: 'POST', url: '/api/outbox/', payload: { entries } })
const updatesOf = async (pointId: number) =>
  (
    await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'point'), eq(auditLog.entity_id, String(pointId)), eq(auditLog.action, 'update')))
  )[0]!.n

describe('POST /api/outbox/', () => {
  it('applies each entry as its single route does and answers each with its own status, body and ETag', async () => {
    const a = await createPoint()
    const b = await createPoint()
    const res = await batch(t.adminToken, [
      edit(a, 'b1-a', 1, 'первая'),
      { method: 'POST', path: '/api/points/', body: newPoint({ point_number: 'OB-new' }), headers: { 'Idempotency-Key': 'b1-new' } },
      edit(b, 'b1-b', 1, 'вторая'),
    ])
    expect(res.statusCode).toBe(200)
    const { results } = res.json()
    expect(results.map((r: { status: number }) => r.status)).toEqual([200, 201, 200])
    expect(results[0].body).toMatchObject({ point_id: a.point_id, remark: 'первая', version: 2 })
    expect(results[0].headers).toEqual({ etag: '"2"' })
    expect(results[1].body).toMatchObject({ point_number: 'OB-new', version: 1 })
    expect((await t.call(t.adminToken, { method: 'GET', url: `/api/points/${b.point_id}/` })).json()).toMatchObject({ remark: 'вторая', version: 2 })
    expect(await updatesOf(a.point_id)).toBe(1)
  })

  it("answers a stale If-Match with 412 and the current row in that entry's result; the other entries apply", async () => {
    const a = await createPoint()
    const b = await createPoint()
    await t.call(t.adminToken, {
      method: 'PUT',
      url: `/api/points/${a.point_id}/`,
      payload: { ...newPoint(), point_number: a.point_number, remark: 'на сервере' },
    })
    const { results } = (await batch(t.adminToken, [edit(a, 'b2-a', 1, 'с планшета'), edit(b, 'b2-b', 1, 'с планшета')])).json()
    expect(results[0]).toMatchObject({ status: 412, body: { point_id: a.point_id, version: 2, remark: 'на сервере' } })
    expect(results[1]).toMatchObject({ status: 200, body: { remark: 'с планшета', version: 2 } })
  })

  it("keeps an entity's order: after its entry failed, its later entries are not applied; other entities go on", async () => {
    const a = await createPoint()
    const b = await createPoint()
    const { results } = (
      await batch(t.adminToken, [
        edit(a, 'b3-a1', 7, 'устаревшая'),
        edit(b, 'b3-b1', 1, 'б-1'),
        edit(a, 'b3-a2', 1, 'после отказа'),
        edit(b, 'b3-b2', 2, 'б-2'),
      ])
    ).json()
    expect(results.map((r: { status: number }) => r.status)).toEqual([412, 200, 424, 200])
    expect(results[2].body).toEqual({ detail: T.outboxEarlierFailed })
    expect((await t.call(t.adminToken, { method: 'GET', url: `/api/points/${a.point_id}/` })).json()).toMatchObject({ remark: '', version: 1 })
    expect((await t.call(t.adminToken, { method: 'GET', url: `/api/points/${b.point_id}/` })).json()).toMatchObject({ remark: 'б-2', version: 3 })
  })

  it('applies a retried batch exactly once: every entry replays its stored answer', async () => {
    const a = await createPoint()
    const entries = [edit(a, 'b4-a', 1, 'однажды'), { method: 'POST', path: '/api/points/', body: newPoint(), headers: { 'Idempotency-Key': 'b4-new' } }]
    const first = (await batch(t.adminToken, entries)).json()
    const again = (await batch(t.adminToken, entries)).json()
    expect(again.results.map((r: { status: number }) => r.status)).toEqual([200, 201])
    expect(again.results.map((r: { body: unknown }) => r.body)).toEqual(first.results.map((r: { body: unknown }) => r.body))
    expect(again.results[0].headers['idempotent-replayed']).toBe('true')
    expect(await updatesOf(a.point_id)).toBe(1)
    const created = first.results[1].body as { point_number: string }
    expect((await t.call(t.adminToken, { method: 'GET', url: `/api/points/?search=${created.point_number}` })).json().count).toBe(1)
    // An entry sent alone first and then in a batch (or the other way round) is the same request under the same key.
    const single = await t.call(t.adminToken, {
      method: 'PUT',
      url: entries[0]!.path,
      payload: entries[0]!.body,
      headers: { 'idempotency-key': 'b4-a', 'if-match': '"1"' },
    })
    expect(single.headers['idempotent-replayed']).toBe('true')
  })

  it("keys are the user's own and rights are checked per entry", async () => {
    const point = await createPoint()
    const counter = (
      await t.call(t.adminToken, {
        method: 'POST',
        url: '/api/counters/',
        payload: { serial_num: `OBS-${++n}`, model_id: t.refs.modelIds['Меркурий 230 ART'], coeff: 1, coeff_voltage: 1 },
      })
    ).json() as { counter_id: number; version: number }
    const pointsOnly = await t.userWith(['points.view', 'points.change'])
    const { results } = (
      await batch(pointsOnly.token, [
        edit(point, 'b5-p', 1, 'можно'),
        {
          method: 'PATCH',
          path: `/api/counters/${counter.counter_id}/`,
          body: { coeff: 5 },
          headers: { 'Idempotency-Key': 'b5-c', 'If-Match': `"${counter.version}"` },
        },
      ])
    ).json()
    expect(results.map((r: { status: number }) => r.status)).toEqual([200, 403])
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'point'), eq(auditLog.entity_id, String(point.point_id)), eq(auditLog.action, 'update')))
    expect(row?.user_id).toBe(pointsOnly.user_id)
    // The same key from another user is another key: the admin's edit applies, it does not replay the first user's answer.
    const admin = (await batch(t.adminToken, [edit(point, 'b5-p', 2, 'админ')])).json()
    expect(admin.results[0]).toMatchObject({ status: 200, body: { remark: 'админ', version: 3 } })
    expect(admin.results[0].headers['idempotent-replayed']).toBeUndefined()
    const viewer = await t.userWith(['points.view'])
    expect((await batch(viewer.token, [edit(point, 'b5-v', 3, 'нельзя')])).json().results[0].status).toBe(403)
    expect((await t.call(null, { method: 'POST', url: '/api/outbox/', payload: { entries: [edit(point, 'b5-x', 3, 'x')] } })).statusCode).toBe(401)
  })

  it('refuses a duplicate point_number in an entry with the field message, the entry shown as rejected', async () => {
    const taken = await createPoint()
    const other = await createPoint()
    const { results } = (await batch(t.adminToken, [edit({ ...other, point_number: taken.point_number }, 'b6-dup', 1, 'ошибка')])).json()
    expect(results[0]).toEqual({ status: 400, body: { point_number: [T.pointNumberTaken] }, headers: {} })
    expect((await t.call(t.adminToken, { method: 'GET', url: `/api/points/${other.point_id}/` })).json()).toMatchObject({
      point_number: other.point_number,
      version: 1,
    })
  })

  it('applies a run of point edits set-wise, in one transaction, with one audit row and one stored answer each', async () => {
    const run = await Promise.all(Array.from({ length: 20 }, () => createPoint()))
    const { results } = (
      await batch(
        t.adminToken,
        run.map((p, i) => edit(p, `b8-${i}`, 1, `пакет ${i}`)),
      )
    ).json()
    expect(results.every((r: { status: number }) => r.status === 200)).toBe(true)
    const ids = run.map((p) => p.point_id)
    const xmins = await t.database.db.execute<{ n: number }>(
      sql`select count(distinct xmin::text)::int as n from points where point_id in ${sql.raw(`(${ids.join(',')})`)}`,
    )
    expect(xmins.rows[0]!.n).toBe(1)
    for (const id of ids) expect(await updatesOf(id)).toBe(1)
    const again = (
      await batch(
        t.adminToken,
        run.map((p, i) => edit(p, `b8-${i}`, 1, `пакет ${i}`)),
      )
    ).json()
    expect(again.results.map((r: { body: unknown }) => r.body)).toEqual(results.map((r: { body: unknown }) => r.body))
  })

  it('swaps two point numbers in one batch as if the edits ran one after another', async () => {
    const a = await createPoint()
    const b = await createPoint()
    const { results } = (
      await batch(t.adminToken, [
        edit({ ...a, point_number: `${a.point_number}-x` }, 'b9-a', 1, 'освободил'),
        edit({ ...b, point_number: a.point_number }, 'b9-b', 1, 'занял'),
      ])
    ).json()
    expect(results.map((r: { status: number }) => r.status)).toEqual([200, 200])
    expect(results[1].body).toMatchObject({ point_id: b.point_id, point_number: a.point_number })
  })

  it('answers 400 to a batch over the maximum, an empty one, entries without a key or outside the outbox routes', async () => {
    const point = await createPoint()
    const over = Array.from({ length: OUTBOX_BATCH_MAX + 1 }, (_, i) => edit(point, `b7-${i}`, 1, 'много'))
    const tooMany = await batch(t.adminToken, over)
    expect(tooMany.statusCode).toBe(400)
    expect(tooMany.json()).toEqual({ entries: [T.outboxBatchTooLarge(OUTBOX_BATCH_MAX)] })
    expect(await updatesOf(point.point_id)).toBe(0)
    expect((await batch(t.adminToken, [])).json()).toEqual({ entries: [T.outboxBatchEmpty] })
    const keyless = await batch(t.adminToken, [{ ...edit(point, 'x', 1, 'x'), headers: { 'If-Match': '"1"' } }])
    expect(keyless.statusCode).toBe(400)
    expect(keyless.json()).toEqual({ 'entries.0.headers.Idempotency-Key': [T.outboxKeyRequired] })
    for (const [method, path] of [
      ['DELETE', `/api/points/${point.point_id}/`],
      ['POST', '/api/outbox/'],
      ['PUT', '/api/users/1/'],
      ['PUT', '/api/points/1/../../users/1/'],
    ]) {
      const res = await batch(t.adminToken, [{ method, path, body: {}, headers: { 'Idempotency-Key': 'b7-bad' } }])
      expect(res.statusCode, `${method} ${path}`).toBe(400)
    }
    expect((await t.call(t.adminToken, { method: 'POST', url: '/api/outbox/', payload: { entries: 'x' } })).statusCode).toBe(400)
  })
})
