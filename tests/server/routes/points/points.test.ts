import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import * as v from 'valibot'
import { pointList } from '../../../../src/shared/schemas/points'
import { T } from '../../../../src/shared/texts'
import { CHANNEL } from '../../../../src/shared/metering'
import { customers } from '../../../../src/server/db/schema'
import { storeIntervals, storeRegisterReadings } from '../../../../src/server/repositories/readings'
import { startRegistryApp, type RegistryApp } from '../../../helpers/test-app'
import { whileUncommitted } from '../../../helpers/test-database'
import { msk } from '../../../helpers/factories'

let t: RegistryApp
beforeAll(async () => {
  t = await startRegistryApp()
})
afterAll(() => t.close())

let n = 0
const newPoint = (over: Record<string, unknown> = {}) => ({ name: `ТП-${++n}00`, point_number: `PN-${n}`, address: `ул. Ленина, ${n}`, ...over })
const create = async (over: Record<string, unknown> = {}) => {
  const res = await t.call(t.adminToken, { method: 'POST', url: '/api/points/', payload: newPoint(over) })
  expect(res.statusCode).toBe(201)
  return res.json()
}

describe('points', () => {
  it("names the subscriber as the customers list does: a sole proprietor without company names by the person's name", async () => {
    const sole = await t.make.customer({ customer_type: 2, last_name: 'Сидоров', first_name: 'Олег', middle_name: '' })
    const company = await t.make.customer({ customer_type: 3, last_name: 'Петров', first_name: 'Иван', middle_name: '', company_full_name: 'ООО «Свет»' })
    for (const [customerId, name] of [
      [sole, 'Сидоров Олег'],
      [company, 'ООО «Свет»'],
    ] as const) {
      const point = await create({ customer_id: customerId })
      expect(point.customer).toEqual({ name })
      expect((await t.call(t.adminToken, { method: 'GET', url: `/api/customers/${customerId}/` })).json()).toMatchObject({ name })
    }
  })

  it('writes the points list in the database as the shared schema reads it, the same as one point read alone', async () => {
    const point = await create({ remark: 'щит "Б" \\ 3\nэтаж', energy_limit: 0.1 + 0.2 })
    for (const url of [
      `/api/points/?search=${encodeURIComponent(point.point_number)}`,
      '/api/points/?page_size=all',
      '/api/points/?ordering=-point_represents_number',
    ]) {
      const res = await t.call(t.adminToken, { method: 'GET', url })
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
      const row = v.parse(pointList, res.json()).results.find((p) => p.point_id === point.point_id)
      expect(row, url).toEqual(point)
    }
    expect(point).toMatchObject({ remark: 'щит "Б" \\ 3\nэтаж', energy_limit: 0.1 + 0.2, customer: null, represents: [], point_represents_number: 0 })
  })

  it('creates a point with the default energy limit, reads it with its ETag, edits and deletes it', async () => {
    const customer = await t.make.customer({ last_name: 'Иванов', first_name: 'Пётр', middle_name: 'Ильич' })
    const point = await create({ customer_id: customer, remark: 'чердак' })
    expect(point).toMatchObject({
      energy_limit: 5000,
      has_counter: false,
      counter_id: null,
      version: 1,
      customer: { name: 'Иванов Пётр Ильич' },
      point_represents_number: 0,
      remark: 'чердак',
    })
    const read = await t.call(t.adminToken, { method: 'GET', url: `/api/points/${point.point_id}/` })
    expect(read.headers.etag).toBe('"1"')
    const put = await t.call(t.adminToken, {
      method: 'PUT',
      url: `/api/points/${point.point_id}/`,
      payload: { ...newPoint(), customer_id: null },
      headers: { 'if-match': '"1"' },
    })
    expect(put.statusCode).toBe(200)
    expect(put.headers.etag).toBe('"2"')
    expect(put.json()).toMatchObject({ version: 2, customer: null })
    expect((await t.call(t.adminToken, { method: 'DELETE', url: `/api/points/${point.point_id}` })).statusCode).toBe(204)
    expect((await t.call(t.adminToken, { method: 'GET', url: `/api/points/${point.point_id}/` })).statusCode).toBe(404)
  })

  it('answers 400 with the required message for each missing field, and for a customer that does not exist', async () => {
    for (const field of ['name', 'point_number', 'address']) {
      const body: Record<string, unknown> = newPoint()
      delete body[field]
      const res = await t.call(t.adminToken, { method: 'POST', url: '/api/points/', payload: body })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ [field]: [T.required] })
    }
    const blank = await t.call(t.adminToken, { method: 'POST', url: '/api/points/', payload: newPoint({ name: '   ' }) })
    expect(blank.json()).toEqual({ name: [T.required] })
    const customer = await t.call(t.adminToken, { method: 'POST', url: '/api/points/', payload: newPoint({ customer_id: 999999 }) })
    expect(customer.json()).toEqual({ customer_id: [T.relatedMissing] })
    const limit = await t.call(t.adminToken, { method: 'POST', url: '/api/points/', payload: newPoint({ energy_limit: 'много' }) })
    expect(limit.statusCode).toBe(400)
    expect((await t.call(t.adminToken, { method: 'GET', url: '/api/points/?ordering=secret' })).statusCode).toBe(400)
  })

  // Found by the attacker probe: point numbers go into the 80020 file for the market operator, and a word spelt with
  // letters of both alphabets reads as another: «ТПA-12» with a Latin «A» beside «ТПА-12».
  it('refuses a point number with a word that mixes Latin and Cyrillic letters, and takes each alphabet in a word of its own', async () => {
    const post = (point_number: string) => t.call(t.adminToken, { method: 'POST', url: '/api/points/', payload: newPoint({ point_number }) })
    expect((await post('ТП\u0410-12')).statusCode).toBe(201)
    for (const point_number of ['ТП\u0041-12', 'Ф3-ввоd 1']) {
      const res = await post(point_number)
      expect(res.statusCode, point_number).toBe(400)
      expect(res.json(), point_number).toEqual({ point_number: [T.pointNumberMixedAlphabets] })
    }
    expect((await post('ТП-15 QF2')).statusCode).toBe(201)
  })

  it('searches by name and identifier with ILIKE and orders by every listed column', async () => {
    const a = await create({ name: 'Насосная «Заречная»', point_number: 'ZX-77' })
    await create({ name: 'Котельная 50%', point_number: 'Q-1' })
    const byName = (await t.call(t.adminToken, { method: 'GET', url: '/api/points/?search=заречн' })).json()
    expect(byName).toMatchObject({ count: 1, results: [{ point_id: a.point_id }] })
    const byNumber = (await t.call(t.adminToken, { method: 'GET', url: '/api/points/?search=zx-7' })).json()
    expect(byNumber.results[0].point_id).toBe(a.point_id)
    expect((await t.call(t.adminToken, { method: 'GET', url: '/api/points/?search=50%25' })).json().count).toBe(1)
    expect((await t.call(t.adminToken, { method: 'GET', url: '/api/points/?search=5_%25' })).json().count).toBe(0)
    for (const ordering of ['name', '-name', 'has_counter', '-point_represents_number', 'point_number', 'customer__name', '-address']) {
      const res = await t.call(t.adminToken, { method: 'GET', url: `/api/points/?ordering=${ordering}&per_page=2&page=1` })
      expect(res.statusCode).toBe(200)
      expect(res.json().results).toHaveLength(2)
    }
    const names = (await t.call(t.adminToken, { method: 'GET', url: '/api/points/?ordering=-name&page_size=all' }))
      .json()
      .results.map((p: { name: string }) => p.name)
    expect(names).toEqual([...names].sort((x: string, y: string) => y.localeCompare(x, 'ru')))
  })

  it("counts a search on a full page, a short one and past the end, and keeps the page's order", async () => {
    for (const n of [3, 1, 2]) await create({ name: `Счётная ${n}`, point_number: `CNT-${n}` })
    const page = async (query: string) => {
      const answer = (await t.call(t.adminToken, { method: 'GET', url: `/api/points/?search=${encodeURIComponent('счётная')}&${query}` })).json()
      return [answer.count, answer.results.map((p: { point_number: string }) => p.point_number)]
    }
    expect(await page('ordering=-point_number&per_page=2&page=1')).toEqual([3, ['CNT-3', 'CNT-2']])
    expect(await page('ordering=-point_number&per_page=2&page=2')).toEqual([3, ['CNT-1']])
    expect(await page('ordering=point_number&per_page=2&page=3')).toEqual([3, []])
    expect(await page('ordering=point_number&per_page=3&page=1')).toEqual([3, ['CNT-1', 'CNT-2', 'CNT-3']])
    expect(await page('ordering=name&page_size=all')).toEqual([3, ['CNT-1', 'CNT-2', 'CNT-3']])
  })

  it('keeps the unfiltered count of points and meters exact through inserts, bulk statements, deletes and rollbacks', async () => {
    const db = t.database.db
    const counted = async (url: string) => (await t.call(t.adminToken, { method: 'GET', url })).json().count as number
    const actual = async (table: string) => Number((await db.execute<{ n: string }>(sql.raw(`select count(*) as n from ${table}`))).rows[0]!.n)
    const agree = async () => {
      // per_page=1 keeps the page full, so the count comes from the kept total and not from the page's length.
      expect(await counted('/api/points/?per_page=1&page=1')).toBe(await actual('points'))
      expect(await counted('/api/counters/?per_page=1&page=1')).toBe(await actual('counters'))
    }
    await create()
    await create()
    await agree()
    await db.execute(sql`insert into points (point_number, name, address) select 'BULK-' || g, 'Опора ' || g, 'ул. Мира' from generate_series(1, 30) g`)
    await db.execute(
      sql`insert into counters (serial_num, model_id) select 'BULK-' || g, ${t.refs.modelIds['Меркурий 230 ART']!} from generate_series(1, 12) g`,
    )
    await agree()
    await db.execute(sql`delete from points where point_number like 'BULK-1%'`)
    await db.execute(sql`delete from counters where serial_num like 'BULK-%'`)
    await agree()
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into points (point_number, name, address) values ('ROLLBACK', 'Откат', 'ул. Мира')`)
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    await agree()
  })

  it('takes a new version when deleting its subscriber unlinks it, so an edit made on the old row meets a 412', async () => {
    const customerId = await t.make.customer({ last_name: 'Орлова', first_name: 'Анна', middle_name: '' })
    const point = await create({ customer_id: customerId })
    expect((await t.call(t.adminToken, { method: 'DELETE', url: `/api/customers/${customerId}/` })).statusCode).toBe(204)
    // An edit of the remark made offline on version 1 still carries the deleted subscriber: the outbox merges on a 412.
    const stale = await t.call(t.adminToken, {
      method: 'PUT',
      url: `/api/points/${point.point_id}/`,
      payload: { ...newPoint(), name: point.name, point_number: point.point_number, address: point.address, customer_id: customerId, remark: 'щит' },
      headers: { 'if-match': '"1"' },
    })
    expect(stale.statusCode).toBe(412)
    expect(stale.json()).toMatchObject({ version: 2, customer: null })
  })

  it('refuses a stale If-Match with 412 and the current row, and replays an Idempotency-Key once', async () => {
    const point = await create()
    const url = `/api/points/${point.point_id}/`
    const edit = newPoint({ name: 'Первое' })
    const headers = { 'if-match': '"1"', 'idempotency-key': 'pt-edit-1' }
    const first = await t.call(t.adminToken, { method: 'PUT', url, payload: edit, headers })
    expect(first.json().version).toBe(2)
    // The outbox resends after a lost answer: the stored answer comes back and nothing is applied twice.
    const replay = await t.call(t.adminToken, { method: 'PUT', url, payload: edit, headers })
    expect(replay.statusCode).toBe(200)
    expect(replay.headers['idempotent-replayed']).toBe('true')
    expect(replay.json()).toEqual(first.json())
    const stale = await t.call(t.adminToken, { method: 'PUT', url, payload: newPoint({ name: 'Второе' }), headers: { 'if-match': '"1"' } })
    expect(stale.statusCode).toBe(412)
    expect(stale.json()).toMatchObject({ point_id: point.point_id, version: 2, name: 'Первое' })
    expect((await t.call(t.adminToken, { method: 'PUT', url, payload: newPoint(), headers: { 'idempotency-key': 'pt-edit-1' } })).statusCode).toBe(422)
    const createBody = newPoint()
    const created = await t.call(t.adminToken, { method: 'POST', url: '/api/points/', payload: createBody, headers: { 'idempotency-key': 'pt-create-1' } })
    const again = await t.call(t.adminToken, { method: 'POST', url: '/api/points/', payload: createBody, headers: { 'idempotency-key': 'pt-create-1' } })
    expect(again.statusCode).toBe(201)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.json()).toEqual(created.json())
    expect((await t.call(t.adminToken, { method: 'GET', url: `/api/points/?search=${createBody.point_number}` })).json().count).toBe(1)
  })

  it('sums the current month of daily A+ values times the ratios of the installed meter', async () => {
    const point = await create()
    const counterId = await t.make.meter({ serial_num: `C-${point.point_id}`, model_id: t.refs.modelIds['Меркурий 230 ART'], coeff: 40 })
    await t.make.install(point.point_id, counterId, {
      at: new Date(Date.now() - 60 * 86_400_000),
      coeff: 40,
      connParams: { host: '10.0.0.5', net_address: '17' },
    })
    // The current half-hour is in the current month whatever the time zone; A- and last year's values do not count.
    const now = new Date(Math.floor(Date.now() / 1_800_000) * 1_800_000)
    await storeIntervals(t.database.db, [
      { counter_id: counterId, channel: CHANNEL.A_PLUS, interval_start: now, value: 3.5 },
      { counter_id: counterId, channel: CHANNEL.A_MINUS, interval_start: now, value: 100 },
      { counter_id: counterId, channel: CHANNEL.A_PLUS, interval_start: new Date(now.getTime() - 400 * 86_400_000), value: 100 },
    ])
    const res = await t.call(t.adminToken, { method: 'GET', url: `/api/points/${point.point_id}/consumption/` })
    expect(res.json()).toEqual({ consumption__sum: 140 })
    const installs = (await t.call(t.adminToken, { method: 'GET', url: `/api/points/${point.point_id}/counters/` })).json()
    expect(installs.results).toMatchObject([{ counter_id: counterId, is_current: true, takeoff_date: null, coeff: 40 }])
    const listed = (await t.call(t.adminToken, { method: 'GET', url: `/api/points/?search=${point.point_number}` })).json()
    expect(listed.results[0]).toMatchObject({ has_counter: true, counter_id: counterId })
  })

  // A Mercury 206 or a LoRaWAN meter keeps registers only: the gauge and the consumption tab showed 0 and nothing.
  it('takes a register-only meter’s day from its register difference, in the gauge and the consumption tab alike', async () => {
    const point = await create()
    const counterId = await t.make.meter({ serial_num: `R-${point.point_id}`, model_id: t.refs.modelIds['Меркурий 206 RN'], coeff: 20 })
    await t.make.install(point.point_id, counterId, { at: new Date(Date.now() - 60 * 86_400_000), coeff: 20 })
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(new Date())
    const midnight = msk(`${today}T00:00:00`)
    await storeRegisterReadings(t.database.db, [
      { counter_id: counterId, channel: CHANNEL.A_PLUS, tariff: 0, read_at: midnight, value: 1000 },
      { counter_id: counterId, channel: CHANNEL.A_PLUS, tariff: 0, read_at: new Date(midnight.getTime() + 3_600_000), value: 1005 },
    ])
    const gauge = await t.call(t.adminToken, { method: 'GET', url: `/api/points/${point.point_id}/consumption/` })
    expect(gauge.json()).toEqual({ consumption__sum: 100 })
    const days = await t.call(t.adminToken, { method: 'GET', url: `/api/points/${point.point_id}/consumption_by_date/?month=${today.slice(0, 7)}` })
    expect(days.statusCode).toBe(200)
    expect(days.json().find((day: { consumption_date: string }) => day.consumption_date === today)).toMatchObject({
      counter_value: 1005,
      consumption: 100,
      reading_mismatch: false,
    })
  })

  it('counts and names the objects a point belongs to, and orders by that count', async () => {
    const point = await create()
    for (const name of ['ТП-214', 'ПС «Северная»']) await t.make.withPoints(await t.make.object(name), [point.point_id])
    const read = (await t.call(t.adminToken, { method: 'GET', url: `/api/points/${point.point_id}/` })).json()
    expect(read).toMatchObject({ point_represents_number: 2, represents: [{ name: 'ПС «Северная»' }, { name: 'ТП-214' }] })
    const first = (await t.call(t.adminToken, { method: 'GET', url: '/api/points/?ordering=-point_represents_number&per_page=1' })).json()
    expect(first.results[0].point_id).toBe(point.point_id)
  })

  it("keeps each point's stored card as it shows now: its subscriber's name, its meter, its objects, and writes racing renames", async () => {
    const db = t.database.db
    const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) => t.call(t.adminToken, { method, url, payload })
    const stale = async () => (await db.execute<{ id: number }>(sql`select point_id as id from points p where card <> point_card(p)`)).rows
    const shown = async (id: number) => v.parse(pointList, (await call('GET', `/api/points/?search=${encodeURIComponent(`PN-${id}-`)}`)).json()).results[0]!
    const customer = await t.make.customer({ last_name: 'Карточкин', first_name: 'Пётр', middle_name: 'Ильич' })
    const point = await create({ customer_id: customer })
    const id = point.point_id as number
    await call('PUT', `/api/points/${id}/`, { ...newPoint({ point_number: `PN-${id}-` }), customer_id: customer })
    const renamed = await call('PATCH', `/api/customers/${customer}/`, { last_name: 'Переименов' })
    expect(renamed.statusCode, renamed.body).toBe(200)
    const meter = await call('POST', '/api/counters/create_and_install/', {
      serial_num: `CARD-${id}`,
      model_id: t.refs.modelIds['Меркурий 230 ART'],
      coeff: 1,
      coeff_voltage: 1,
      point_id: id,
      operation_date: '2024-03-01T00:00:00.000Z',
      conn_params: { host: '10.0.0.2', net_address: '3' },
    })
    const object = (await call('POST', '/api/represents/', { name: 'РП-Карточка' })).json().represent_id as number
    await call('POST', `/api/represents/${object}/add_point/?point_id=${id}`)
    await call('PUT', `/api/represents/${object}/`, { name: 'РП-Переименованный' })
    expect(await shown(id)).toMatchObject({
      customer: { name: 'Переименов Пётр Ильич' },
      counter_id: meter.json().counter_id,
      has_counter: true,
      point_represents_number: 1,
      represents: [{ represent_id: object, name: 'РП-Переименованный' }],
    })
    await call('POST', `/api/point_counter/${meter.json().counter_id}/take_off/`, { operation_date: '2024-04-01T00:00:00.000Z', comment: 'Поверка' })
    expect((await call('DELETE', `/api/represents/${object}/`)).statusCode).toBe(204)
    await db.delete(customers).where(sql`customer_id = ${customer}`)
    expect(await shown(id)).toMatchObject({
      customer_id: null,
      customer: null,
      counter_id: null,
      has_counter: false,
      point_represents_number: 0,
      represents: [],
    })
    expect(await stale()).toEqual([])

    // A point given a subscriber, or added to an object, while a rename of it is uncommitted waits for the rename
    // (PostgreSQL: the share lock of the card's trigger; PGlite: the one connection) and shows the committed name.
    const other = await t.make.customer({ last_name: 'Старое', first_name: 'Имя', middle_name: '' })
    const group = (await call('POST', '/api/represents/', { name: 'РП-Старое' })).json().represent_id as number
    for (const [rename, write, expected] of [
      [
        sql`update customers set last_name = 'Гонкин' where customer_id = ${other}`,
        () => call('PUT', `/api/points/${id}/`, { ...newPoint({ point_number: `PN-${id}-` }), customer_id: other }),
        { customer: { name: 'Гонкин Имя' } },
      ],
      [
        sql`update represents set name = 'РП-Гонка' where represent_id = ${group}`,
        () => call('POST', `/api/represents/${group}/add_point/?point_id=${id}`),
        { represents: [{ represent_id: group, name: 'РП-Гонка' }] },
      ],
    ] as const) {
      expect((await whileUncommitted(db, rename, write)).statusCode).toBeLessThan(300)
      expect(await shown(id)).toMatchObject(expected)
      expect(await stale()).toEqual([])
    }
  })

  it("refuses a point_number another point holds, on create and on update, with the field's message and nothing stored", async () => {
    const taken = await create({ point_number: '35-001024' })
    const other = await create()
    const duplicate = await t.call(t.adminToken, { method: 'POST', url: '/api/points/', payload: newPoint({ point_number: '35-001024' }) })
    expect(duplicate.statusCode).toBe(400)
    expect(duplicate.json()).toEqual({ point_number: [T.pointNumberTaken] })
    const url = `/api/points/${other.point_id}/`
    const renamed = await t.call(t.adminToken, { method: 'PUT', url, payload: newPoint({ point_number: ' 35-001024 ' }), headers: { 'if-match': '"1"' } })
    expect(renamed.statusCode).toBe(400)
    expect(renamed.json()).toEqual({ point_number: [T.pointNumberTaken] })
    expect((await t.call(t.adminToken, { method: 'GET', url })).json()).toMatchObject({ point_number: other.point_number, version: 1 })
    expect((await t.call(t.adminToken, { method: 'GET', url: '/api/points/?search=35-001024' })).json().count).toBe(1)
    // A point keeps its own number through an edit.
    const kept = await t.call(t.adminToken, { method: 'PUT', url: `/api/points/${taken.point_id}/`, payload: newPoint({ point_number: '35-001024' }) })
    expect(kept.statusCode).toBe(200)
  })

  it('answers 404 for unknown points and 403 without permissions', async () => {
    for (const url of ['/api/points/999999/', '/api/points/999999/consumption/', '/api/points/999999/counters/']) {
      expect((await t.call(t.adminToken, { method: 'GET', url })).statusCode).toBe(404)
    }
    expect((await t.call(t.adminToken, { method: 'PUT', url: '/api/points/999999/', payload: newPoint() })).statusCode).toBe(404)
    const viewer = await t.userWith(['points.view'])
    expect((await t.call(viewer.token, { method: 'GET', url: '/api/points/' })).statusCode).toBe(200)
    expect((await t.call(viewer.token, { method: 'POST', url: '/api/points/', payload: newPoint() })).statusCode).toBe(403)
    expect((await t.call(viewer.token, { method: 'PUT', url: '/api/points/1/', payload: newPoint() })).statusCode).toBe(403)
    expect((await t.call(viewer.token, { method: 'DELETE', url: '/api/points/1' })).statusCode).toBe(403)
    const nobody = await t.userWith([])
    expect((await t.call(nobody.token, { method: 'GET', url: '/api/points/' })).statusCode).toBe(403)
  })
})
