import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import * as v from 'valibot'
import { counterList } from '../../../../src/shared/schemas/counters'
import { T } from '../../../../src/shared/texts'
import { startRegistryApp, type RegistryApp } from '../../../helpers/test-app'
import { whileUncommitted } from '../../../helpers/test-database'

let t: RegistryApp
beforeAll(async () => {
  t = await startRegistryApp()
})
afterAll(() => t.close())

let n = 0
const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}, token = t.adminToken) =>
  t.call(token, { method, url, payload, headers })

const newPoint = () => t.make.point()

const meter = (over: Record<string, unknown> = {}) => ({
  serial_num: `4100${++n}`,
  model_id: t.refs.modelIds['Меркурий 230 ART'],
  coeff: 1,
  coeff_voltage: 1,
  ...over,
})
const install = (pointId: number, over: Record<string, unknown> = {}) =>
  call('POST', '/api/counters/create_and_install/', {
    ...meter(),
    point_id: pointId,
    operation_date: '2024-03-01T09:00:00.000Z',
    conn_params: { host: '192.168.1.10', net_address: '25' },
    ...over,
  })

describe('meters: install wizard, take-off and history', () => {
  it('creates and installs a meter, takes it off with a reason, and the point then has none', async () => {
    const pointId = await newPoint()
    const installed = await install(pointId, { coeff: 40 })
    expect(installed.statusCode).toBe(201)
    const counter = installed.json()
    expect(counter).toMatchObject({
      point_id: pointId,
      is_current: true,
      coeff: 40,
      model: { name: 'Меркурий 230 ART' },
      install_date: '2024-03-01T09:00:00.000Z',
    })

    const conn = (await call('GET', `/api/counters/${counter.counter_id}/conn_params/`)).json()
    expect(conn).toContainEqual({ par_name: 'host', description: expect.any(String), par_value: '192.168.1.10', required: true })
    expect(conn).toContainEqual(expect.objectContaining({ par_name: 'port', par_value: '4001' }))
    expect(conn).toContainEqual(expect.objectContaining({ par_name: 'source', par_value: 'TCP' }))

    const again = await install(pointId)
    expect(again.statusCode).toBe(400)
    expect(again.json()).toEqual({ point_id: [T.pointHasCounter] })

    const off = await call('POST', `/api/point_counter/${counter.counter_id}/take_off/`, { operation_date: '2024-06-01T09:00:00.000Z', comment: 'Поверка' })
    expect(off.statusCode).toBe(200)
    expect(off.json()).toMatchObject({ is_current: false, last_takeoff_date: '2024-06-01T09:00:00.000Z' })
    const point = (await call('GET', `/api/points/${pointId}/`)).json()
    expect(point).toMatchObject({ has_counter: false, counter_id: null })
    const installs = (await call('GET', `/api/points/${pointId}/counters/`)).json().results
    expect(installs).toMatchObject([{ counter_id: counter.counter_id, is_current: false, takeoff_date: '2024-06-01T09:00:00.000Z' }])

    // A date whose instant falls past year 9999 (PostgreSQL cannot hold it) is the client's error, said in Russian.
    const farOff = await call('POST', `/api/point_counter/${counter.counter_id}/take_off/`, { operation_date: '9999-12-31T23:59:59-12:00', comment: 'Поверка' })
    expect(farOff.statusCode).toBe(400)
    expect(farOff.json()).toEqual({ operation_date: [T.dateRange] })

    const refused = await call('POST', `/api/point_counter/${counter.counter_id}/take_off/`, { operation_date: '2024-07-01', comment: 'ещё раз' })
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toEqual({ detail: T.counterNotInstalled })
    expect((await call('GET', `/api/counters/${counter.counter_id}/conn_params/`)).json()).toEqual({ detail: T.counterNotInstalled })

    const history = (await call('GET', `/api/counteropers/?counter_id=${counter.counter_id}&per_page=25&page=1`)).json()
    expect(history.count).toBe(3)
    expect(history.results[0]).toMatchObject({
      counter_serial_num: counter.serial_num,
      coper_type_name: 'Снятие',
      comment: 'Поверка',
      point_name: point.name,
      user_name: 'Администратор Системы',
      operation_date: '2024-06-01T09:00:00.000Z',
    })
    expect(history.results.map((r: { coper_type: string }) => r.coper_type)).toEqual(['take_off', 'install', 'create'])
  })

  it('writes the meters list in the database as the shared schema reads it, the same as one meter read alone', async () => {
    const pointId = await newPoint()
    const counter = (await install(pointId, { coeff: 0.5, remark: 'шкаф "А" \\ 2\nряд' })).json()
    for (const url of [`/api/counters/?search=${counter.serial_num}`, `/api/counters/?point_id=${pointId}`, '/api/counters/?ordering=-counter_id']) {
      const res = await call('GET', url)
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
      const row = v.parse(counterList, res.json()).results.find((c) => c.counter_id === counter.counter_id)
      expect(row, url).toEqual(counter)
    }
    expect(counter).toMatchObject({
      coeff: 0.5,
      remark: 'шкаф "А" \\ 2\nряд',
      is_current: true,
      install_date: '2024-03-01T09:00:00.000Z',
      last_takeoff_date: null,
    })
  })

  it("keeps each meter's stored card as it shows now: installs, take-offs, edits, renames of its model and point, and an install racing a rename", async () => {
    const db = t.database.db
    const stale = async () => (await db.execute<{ id: number }>(sql`select counter_id as id from counters c where card <> counter_card(c)`)).rows
    const shown = async (id: number) =>
      v.parse(counterList, (await call('GET', `/api/counters/?ordering=-counter_id&per_page=50`)).json()).results.find((c) => c.counter_id === id)!
    const pointId = await newPoint()
    const counter = (await install(pointId)).json()
    await call('PATCH', `/api/counters/${counter.counter_id}/`, { serial_num: `${counter.serial_num}-П`, coeff: 3 })
    await call('PUT', `/api/points/${pointId}/`, { name: 'ТП-Переименованная', point_number: 'CN-П', address: 'ул. Мира, 1' })
    await db.execute(sql`update counter_models set name = 'Меркурий 230 ART-03' where model_id = ${counter.model_id}`)
    expect(await shown(counter.counter_id)).toMatchObject({
      serial_num: `${counter.serial_num}-П`,
      coeff: 3,
      point_name: 'ТП-Переименованная',
      point_number: 'CN-П',
      model_name: 'Меркурий 230 ART-03',
      model: { name: 'Меркурий 230 ART-03' },
      is_current: true,
    })
    await call('POST', `/api/point_counter/${counter.counter_id}/take_off/`, { operation_date: '2024-05-01T00:00:00.000Z', comment: 'Поверка' })
    const second = await newPoint()
    await call('POST', `/api/counters/${counter.counter_id}/update_and_install/`, {
      point_id: second,
      operation_date: '2024-06-01T00:00:00.000Z',
      conn_params: { host: '10.0.0.1', net_address: '7' },
    })
    expect(await shown(counter.counter_id)).toMatchObject({
      point_id: second,
      install_date: '2024-06-01T00:00:00.000Z',
      last_takeoff_date: '2024-05-01T00:00:00.000Z',
    })
    // A point deleted with its installations (a cascade) leaves the meter with the one before.
    await db.execute(sql`delete from points where point_id = ${second}`)
    expect(await shown(counter.counter_id)).toMatchObject({ point_id: pointId, is_current: false, install_date: null })
    await db.execute(sql`update counter_models set name = 'Меркурий 230 ART' where model_id = ${counter.model_id}`)
    expect(await stale()).toEqual([])

    // An install while a rename of its point is uncommitted waits for it (PostgreSQL: the install's share lock on
    // the point; PGlite: the one connection), so that the meter's card shows the committed name.
    const target = await newPoint()
    const installed = await whileUncommitted(db, sql`update points set name = 'ТП-Гонка' where point_id = ${target}`, () => install(target))
    const raced = installed.json().counter_id as number
    expect((await shown(raced)).point_name).toBe('ТП-Гонка')
    expect(await stale()).toEqual([])
  })

  // Found by a report-only attacker probe: a take-off dated 2099 let a second meter be installed on the point at once,
  // and a meter taken off one point could be installed on another at a date before that: the same half-hours then
  // counted for two points (or two meters for one) in balances and reports.
  it('keeps installations from overlapping: no operation in the future, no install before the last removal', async () => {
    const pointId = await newPoint()
    const counter = (await install(pointId)).json()
    const future = await call('POST', `/api/point_counter/${counter.counter_id}/take_off/`, { operation_date: '2099-12-31T00:00:00', comment: 'Поверка' })
    expect([future.statusCode, future.json()]).toEqual([400, { operation_date: [T.operationInFuture] }])
    expect((await install(await newPoint(), { operation_date: '2099-01-01T00:00:00' })).json()).toEqual({
      operation_date: [T.operationInFuture],
    })
    await call('POST', `/api/point_counter/${counter.counter_id}/take_off/`, { operation_date: '2024-06-01T09:00:00.000Z', comment: 'Поверка' })
    // Another meter on the point, dated before the first one left it.
    const early = await install(pointId, { operation_date: '2024-05-01T00:00:00.000Z' })
    expect([early.statusCode, early.json()]).toEqual([400, { operation_date: [T.installBeforeRemoval] }])
    // The meter on another point, dated before it left this one.
    const elsewhere = await call('POST', `/api/counters/${counter.counter_id}/update_and_install/`, {
      point_id: await newPoint(),
      operation_date: '2024-04-01T00:00:00.000Z',
      conn_params: { host: '10.0.0.1', net_address: '7' },
    })
    expect([elsewhere.statusCode, elsewhere.json()]).toEqual([400, { operation_date: [T.installBeforeRemoval] }])
    // From the moment of the removal on, both are taken.
    expect((await install(pointId, { operation_date: '2024-06-01T09:00:00.000Z' })).statusCode).toBe(201)
  })

  it('installs an existing meter from available_for_install on another point', async () => {
    const first = await newPoint()
    const counter = (await install(first)).json()
    const available = (await call('GET', `/api/counters/available_for_install/?model_id=${counter.model_id}&page_size=all`)).json()
    expect(available.results.map((c: { counter_id: number }) => c.counter_id)).not.toContain(counter.counter_id)
    await call('POST', `/api/point_counter/${counter.counter_id}/take_off/`, { operation_date: '2024-04-01', comment: 'Перенос' })
    const nowAvailable = (await call('GET', `/api/counters/available_for_install/?model_id=${counter.model_id}&search=${counter.serial_num}`)).json()
    expect(nowAvailable.results.map((c: { counter_id: number }) => c.counter_id)).toEqual([counter.counter_id])

    const second = await newPoint()
    const moved = await call('POST', `/api/counters/${counter.counter_id}/update_and_install/`, {
      point_id: second,
      operation_date: '2024-04-02',
      coeff_voltage: 100,
      conn_params: { source: 'lorawandb', net_address: '7' },
    })
    expect(moved.statusCode).toBe(200)
    expect(moved.json()).toMatchObject({ point_id: second, is_current: true, coeff_voltage: 100 })
    const byPoint = (await call('GET', `/api/counters/?point_id=${first}`)).json()
    expect(byPoint.results.map((c: { counter_id: number }) => c.counter_id)).toEqual([counter.counter_id])
    // A lorawandb meter needs only its net address.
    const conn = (await call('GET', `/api/counters/${counter.counter_id}/conn_params/`)).json()
    expect(conn.find((p: { par_name: string }) => p.par_name === 'source').par_value).toBe('lorawandb')
  })

  it('checks required connection parameters, refuses unknown ones and changes only the sent values', async () => {
    const pointId = await newPoint()
    const missing = await install(pointId, { conn_params: { net_address: '3' } })
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toEqual({ 'conn_params.host': [T.required] })
    const unknown = await install(pointId, { conn_params: { host: 'h', net_address: '3', baud: '9600' } })
    expect(unknown.json()).toEqual({ 'conn_params.baud': [T.unknownConnParam] })
    const source = await install(pointId, { conn_params: { source: 'MQTT', host: 'h', net_address: '3' } })
    expect(source.json()).toEqual({ 'conn_params.source': [T.unknownSource] })

    const counter = (await install(pointId)).json()
    const url = `/api/point_counter/${counter.counter_id}/update_conn_params/`
    const updated = await call('PUT', url, { conn_params: { port: 5001 } })
    expect(updated.statusCode).toBe(200)
    const values = Object.fromEntries(updated.json().map((p: { par_name: string; par_value: string }) => [p.par_name, p.par_value]))
    expect(values).toMatchObject({ host: '192.168.1.10', port: '5001', net_address: '25' })
    const cleared = await call('PUT', url, { conn_params: { host: '' } })
    expect(cleared.json()).toEqual({ 'conn_params.host': [T.required] })
    expect((await call('PUT', url, {})).json()).toEqual({ conn_params: [T.required] })
    const groups = (await call('GET', `/api/counters/${counter.counter_model_api}/model_conn_params/`)).json()
    expect(groups.map((p: { par_name: string }) => p.par_name)).toEqual([
      'source',
      'host',
      'port',
      'net_address',
      'password',
      'access_level',
      'timeout_ms',
      'retries',
      'meter_constant',
      'password_mode',
    ])
  })

  it('answers 400 on each missing required field of the wizard and of take-off', async () => {
    const full = { ...meter(), point_id: 1, operation_date: '2024-01-01', conn_params: { host: 'h', net_address: '1' } }
    for (const field of ['serial_num', 'model_id', 'coeff', 'coeff_voltage', 'point_id', 'operation_date']) {
      const body: Record<string, unknown> = { ...full }
      delete body[field]
      const res = await call('POST', '/api/counters/create_and_install/', body)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ [field]: [T.required] })
    }
    for (const field of ['operation_date', 'comment']) {
      const body: Record<string, unknown> = { operation_date: '2024-01-01', comment: 'x' }
      delete body[field]
      expect((await call('POST', '/api/point_counter/1/take_off/', body)).json()).toEqual({ [field]: [T.required] })
    }
    for (const field of ['point_id', 'operation_date']) {
      const body: Record<string, unknown> = { point_id: 1, operation_date: '2024-01-01' }
      delete body[field]
      expect((await call('POST', '/api/counters/1/update_and_install/', body)).json()).toEqual({ [field]: [T.required] })
    }
    for (const field of ['serial_num', 'model_id', 'coeff', 'coeff_voltage']) {
      const body: Record<string, unknown> = meter()
      delete body[field]
      expect((await call('POST', '/api/counters/', body)).json()).toEqual({ [field]: [T.required] })
    }
    expect((await call('POST', '/api/counters/create_and_install/', { ...full, point_id: 999999 })).json()).toEqual({ point_id: [T.relatedMissing] })
    expect((await call('PUT', '/api/point_counter/999999/update_conn_params/', { conn_params: {} })).statusCode).toBe(404)
    expect((await call('GET', '/api/counters/999999/conn_params/')).statusCode).toBe(404)
    expect((await call('POST', '/api/counters/create_and_install/', { ...full, coeff: 'abc' })).statusCode).toBe(400)
  })

  it('edits serial and ratios with If-Match (412 on a stale version), replays a key once, toggles activity and deletes', async () => {
    const created = await call('POST', '/api/counters/', meter())
    expect(created.statusCode).toBe(201)
    const counter = created.json()
    expect(created.headers.etag).toBe(`"${counter.version}"`)
    const url = `/api/counters/${counter.counter_id}/`
    const headers = { 'if-match': `"${counter.version}"`, 'idempotency-key': `edit-${counter.counter_id}` }
    const edit = await call('PATCH', url, { coeff: 2.5 }, headers)
    expect(edit.json()).toMatchObject({ coeff: 2.5, version: counter.version + 1 })
    const replay = await call('PATCH', url, { coeff: 2.5 }, headers)
    expect(replay.headers['idempotent-replayed']).toBe('true')
    expect(replay.json().version).toBe(counter.version + 1)
    const stale = await call('PATCH', url, { serial_num: 'X' }, { 'if-match': `"${counter.version}"` })
    expect(stale.statusCode).toBe(412)
    expect(stale.json()).toMatchObject({ counter_id: counter.counter_id, coeff: 2.5 })
    const dup = await call('POST', '/api/counters/', meter())
    const taken = await call('PATCH', url, { serial_num: dup.json().serial_num })
    expect(taken.json()).toEqual({ serial_num: [T.counterSerialTaken] })

    const off = await call('POST', `${url}change_active_state/`)
    expect(off.json().is_active).toBe(false)
    const on = await call('POST', `${url}change_active_state/`)
    expect(on.json()).toMatchObject({ is_active: true, counter_is_active: true })
    const history = (await call('GET', `/api/counteropers/?counter_id=${counter.counter_id}`)).json()
    expect(history.results.map((r: { coper_type: string }) => r.coper_type)).toEqual(['activate', 'deactivate', 'edit', 'create'])
    // The history speaks the console's words: the field's Russian name and a Russian number.
    expect(history.results[2].comment).toBe('Коэффициент трансформации тока: 1 → 2,5')

    expect((await call('DELETE', url)).statusCode).toBe(204)
    expect((await call('GET', url)).statusCode).toBe(404)
  })

  it('refuses to delete an installed meter, searches by serial number, answers 404 and 403', async () => {
    const pointId = await newPoint()
    const counter = (await install(pointId, { serial_num: 'SRCH-0042' })).json()
    const refused = await call('DELETE', `/api/counters/${counter.counter_id}/`)
    expect(refused.json()).toEqual({ detail: T.takeOffBeforeDelete })
    const found = (await call('GET', '/api/counters/?search=srch-004&per_page=25&page=1')).json()
    expect(found).toMatchObject({ count: 1, results: [{ counter_id: counter.counter_id, point_id: pointId, is_current: true }] })
    // Past the end the page shows no total: the search is counted.
    expect((await call('GET', '/api/counters/?search=srch-004&ordering=-model_name&per_page=25&page=2')).json()).toEqual({ count: 1, results: [] })
    for (const [method, url] of [
      ['GET', '/api/counters/999999/'],
      ['PATCH', '/api/counters/999999/'],
      ['DELETE', '/api/counters/999999/'],
      ['POST', '/api/counters/999999/change_active_state/'],
    ] as const) {
      expect((await call(method, url, method === 'PATCH' ? { coeff: 1 } : undefined)).statusCode).toBe(404)
    }
    expect((await call('POST', '/api/point_counter/999999/take_off/', { operation_date: '2024-01-01', comment: 'x' })).statusCode).toBe(404)
    const viewer = await t.userWith(['counters.view'])
    expect((await call('GET', '/api/counters/', undefined, {}, viewer.token)).statusCode).toBe(200)
    expect((await call('PATCH', `/api/counters/${counter.counter_id}/`, { coeff: 3 }, {}, viewer.token)).statusCode).toBe(403)
    expect(
      (await call('POST', `/api/point_counter/${counter.counter_id}/take_off/`, { operation_date: '2024-01-01', comment: 'x' }, {}, viewer.token)).statusCode,
    ).toBe(403)
    expect((await call('POST', '/api/counters/create_and_install/', {}, {}, viewer.token)).statusCode).toBe(403)
    expect((await call('DELETE', `/api/counters/${counter.counter_id}/`, undefined, {}, viewer.token)).statusCode).toBe(403)
    const nobody = await t.userWith([])
    expect((await call('GET', '/api/counteropers/', undefined, {}, nobody.token)).statusCode).toBe(403)
  })
})
