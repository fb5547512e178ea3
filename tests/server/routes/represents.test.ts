import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runHealthRound } from '../../../src/server/health/health-checker'
import { storeRegisterReadings } from '../../../src/server/repositories/readings'
import { CHANNEL } from '../../../src/shared/metering'
import { T } from '../../../src/shared/texts'
import { startTestApp, type TestApp } from '../../helpers/test-app'
import { msk } from '../../helpers/factories'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.close())

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = t.adminToken) => t.call(token, { method, url, payload })
const createObject = async (name: string, parent_id: number | null = null) => {
  const res = await call('POST', '/api/represents/', { name, parent_id })
  expect(res.statusCode, res.body).toBe(201)
  return res.json().represent_id as number
}

describe('objects (represents)', () => {
  it('builds a tree, edits settings, and deletes a subtree', async () => {
    const root = await createObject('ПС «Северная»')
    const child = await createObject('РУ-10 кВ', root)
    const tree = (await call('GET', '/api/represents/all/')).json()
    expect(tree.results).toEqual(
      expect.arrayContaining([
        { represent_id: root, parent_id: null, name: 'ПС «Северная»' },
        { represent_id: child, parent_id: root, name: 'РУ-10 кВ' },
      ]),
    )

    const one = (await call('GET', `/api/represents/${root}/`)).json()
    expect(one).toMatchObject({
      name: 'ПС «Северная»',
      lost_color: '#e53e3e',
      round_val: 'roundWith2',
      energy_format: 'kvch',
      period_type: 'current',
      children: [{ represent_id: child }],
    })

    const put = await call('PUT', `/api/represents/${root}/`, {
      represent_id: root,
      name: 'ПС 110/10 кВ «Северная»',
      remark: 'ввод',
      lost_color: '#805ad5',
      check_health: true,
      health_check_ip: '127.0.0.1',
      health_check_port: 502,
      period_type: 'selected',
      period_begin: '2024-03-01',
      period_end: '2024-03-31',
      energy_format: 'kv',
      round_val: 'roundWith3',
      show_lost_in_percentage: true,
    })
    expect(put.statusCode, put.body).toBe(200)
    expect(put.json()).toMatchObject({
      name: 'ПС 110/10 кВ «Северная»',
      lost_color: '#805ad5',
      check_health: true,
      health_check_port: 502,
      period_begin: '2024-03-01',
      round_val: 'roundWith3',
    })

    const list = (await call('GET', '/api/represents/?page_size=all')).json()
    expect(list.count).toBeGreaterThanOrEqual(2)

    expect((await call('DELETE', `/api/represents/${root}`)).statusCode).toBe(204)
    expect((await call('GET', `/api/represents/${child}/`)).statusCode).toBe(404)
  })

  it('answers clear Russian 400s for bad input', async () => {
    const id = await createObject('Проверки')
    expect((await call('POST', '/api/represents/', {})).json()).toEqual({ name: [T.required] })
    expect((await call('POST', '/api/represents/', { name: 'x', parent_id: 999999 })).json()).toEqual({ parent_id: [T.representParentMissing] })
    expect((await call('PUT', `/api/represents/${id}/`, { name: 'x', check_health: true })).json()).toEqual({ health_check_ip: [T.healthPortRequired] })
    expect((await call('PUT', `/api/represents/${id}/`, { name: 'x', round_val: 'roundWith6' })).statusCode).toBe(400)
    expect((await call('PUT', `/api/represents/${id}/`, { name: 'x', period_begin: '2024-03-10', period_end: '2024-03-01' })).json()).toEqual({
      period_end: [T.periodEndBeforeBegin],
    })

    const base = `/api/represents/${id}/points_profile_data/?beginDate=2024-03-01&endDate=2024-03-02`
    const bad = async (url: string, field: string) => {
      const res = await call('GET', url)
      expect(res.statusCode, url).toBe(400)
      expect(Object.keys(res.json()), url).toEqual([field])
    }
    await bad(`${base}&interval=15`, 'interval')
    await bad(`${base}&roundVal=roundWith0`, 'roundVal')
    await bad(`${base}&roundVal=roundWith6`, 'roundVal')
    await bad(`/api/represents/${id}/points_profile_data/?beginDate=2024-03-02&endDate=2024-03-01`, 'endDate')
    await bad(`/api/represents/${id}/points_profile_data/?beginDate=2024-01-01&endDate=2024-12-31&interval=30`, 'endDate')
    await bad(`/api/represents/${id}/points_profile_data/?endDate=2024-03-01`, 'beginDate')
    await bad(`${base}&energy_type=sideways`, 'energy_type')
    await bad(`${base}&points=1,x`, 'points')
    await bad(`${base}&points=999999`, 'points')
    await bad(`/api/represents/${id}/points_counters_values/?beginDate=2024-03-01&endDate=2024-03-02&minutes_from_day_begin=45`, 'minutes_from_day_begin')
    expect((await call('GET', `/api/represents/999999/points_profile_data/?beginDate=2024-03-01&endDate=2024-03-02`)).statusCode).toBe(404)
  })

  it('links points with signs that cycle 1, -1, 0, colours and order, and lists the last half-hours', async () => {
    const id = await createObject('ТП-214')
    const p1 = await t.make.point({ name: 'Дом 1' })
    const p2 = await t.make.point({ name: 'Дом 2' })
    const meter = await t.make.meter()
    await t.make.install(p1, meter, { at: msk('2024-01-01T00:00:00'), coeff: 2 })
    expect((await call('GET', `/api/represents/${id}/points/`)).json()).toEqual([])
    const available = (await call('GET', `/api/represents/${id}/available_points/`)).json()
    expect(available.map((p: { point_id: number }) => p.point_id)).toEqual(expect.arrayContaining([p1, p2]))

    expect((await call('POST', `/api/represents/${id}/add_point/?point_id=${p1}`)).statusCode).toBe(201)
    // An object with a point still offers the others: the list's correlated subquery must name the outer point (a
    // column drizzle writes unqualified would be taken for the subquery's own).
    const left = (await call('GET', `/api/represents/${id}/available_points/`)).json().map((p: { point_id: number }) => p.point_id)
    expect([left.includes(p1), left.includes(p2)]).toEqual([false, true])
    expect((await call('POST', `/api/represents/${id}/add_point/?point_id=${p2}`)).statusCode).toBe(201)
    expect((await call('POST', `/api/represents/${id}/add_point/?point_id=${p2}`)).json()).toEqual({ point_id: [T.pointAlreadyInRepresent] })
    expect((await call('POST', `/api/represents/${id}/add_point/?point_id=abc`)).statusCode).toBe(400)

    const links = (await call('GET', `/api/represents/${id}/points/?halfs_num=abc`)).json()
    expect(links).toHaveLength(2)
    expect(links[0]).toMatchObject({ point_id: p1, sign: 1, counter_id: meter, is_active: true, point_represents_number: 1 })
    expect(links[0].halfs).toHaveLength(12)
    expect((await call('GET', `/api/represents/${id}/points/?halfs_num=500`)).json()[0].halfs).toHaveLength(168)
    const link = links[0].represent_point_id

    const signs = []
    for (let i = 0; i < 3; i++) signs.push((await call('POST', `/api/represents/${id}/update_point_sign/?represent_point_id=${link}`)).json().sign)
    expect(signs).toEqual([-1, 0, 1])
    expect((await call('POST', `/api/represents/${id}/update_point_color/?represent_point_id=${link}`, { color: '#00b5d8' })).json()).toMatchObject({
      color: '#00b5d8',
    })
    expect((await call('POST', `/api/represents/${id}/update_point_color/?represent_point_id=${link}`, { color: 'red' })).statusCode).toBe(400)
    await call('POST', `/api/represents/${id}/update_point_order/?represent_point_id=${link}`, { order_num: 10 })
    expect((await call('GET', `/api/represents/${id}/points/`)).json().map((l: { point_id: number }) => l.point_id)).toEqual([p2, p1])
    // Which points the object's chart and table include, kept on the link (the spec's `selected`).
    expect((await call('POST', `/api/represents/${id}/update_point_selected/?represent_point_id=${link}`, { selected: false })).json()).toMatchObject({
      selected: false,
    })
    expect((await call('GET', `/api/represents/${id}/points/`)).json().find((l: { point_id: number }) => l.point_id === p1)).toMatchObject({ selected: false })
    expect((await call('POST', `/api/represents/${id}/update_point_selected/?represent_point_id=${link}`, { selected: 'да' })).statusCode).toBe(400)
    expect((await call('POST', `/api/represents/${id}/update_point_sign/?represent_point_id=999999`)).json()).toEqual({
      represent_point_id: [T.representPointNotFound],
    })

    expect((await call('POST', `/api/represents/${id}/del_point/?point_id=${p2}`)).statusCode).toBe(204)
    expect((await call('POST', `/api/represents/${id}/del_point/?point_id=${p2}`)).json()).toEqual({ point_id: [T.pointNotInRepresent] })
  })

  it('reads meters at a time of day and exports both tables as CSV for Excel', async () => {
    const id = await createObject('Корпус А')
    const point = await t.make.point({ name: 'Щит 1' })
    const meter = await t.make.meter()
    await t.make.install(point, meter, { at: msk('2024-01-01T00:00:00') })
    await call('POST', `/api/represents/${id}/add_point/?point_id=${point}`)
    await storeRegisterReadings(t.database.db, [
      { counter_id: meter, channel: CHANNEL.A_PLUS, tariff: 0, read_at: msk('2024-03-01T00:00:00'), value: 1000.123 },
      { counter_id: meter, channel: CHANNEL.A_PLUS, tariff: 0, read_at: msk('2024-03-01T08:00:00'), value: 1010.5 },
      { counter_id: meter, channel: CHANNEL.A_PLUS, tariff: 0, read_at: msk('2024-03-02T09:00:00'), value: 1030 },
    ])
    const values = (
      await call('GET', `/api/represents/${id}/points_counters_values/?beginDate=2024-03-01&endDate=2024-03-02&minutes_from_day_begin=510`)
    ).json()
    // 08:30: on 1 March the 08:00 reading; on 2 March nothing read by then.
    expect(values.items.map((i: { values: Record<string, number | null> }) => i.values[`p${point}`])).toEqual([1010.5, null])
    expect(values.items[0].time).toBe(msk('2024-03-01T08:30:00').toISOString())

    const csv = await call('GET', `/api/represents/${id}/points_counter_values_csv/?beginDate=2024-03-01&endDate=2024-03-02&minutes_from_day_begin=0`)
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-type']).toContain('text/csv')
    expect(csv.headers['content-disposition']).toContain(encodeURIComponent('Показания Корпус А'))
    expect(csv.body.startsWith('\uFEFFДата;Щит 1, кВт·ч\r\n01.03.2024 00:00;1000,12\r\n02.03.2024 00:00;\r\n')).toBe(true)

    const profileCsv = await call('GET', `/api/represents/${id}/points_profile_csv/?beginDate=2024-03-01&endDate=2024-03-01&interval=1440`)
    // Nothing measured: no zero but an empty cell, Отдача 0 as the object has no outgoing point, and the total alike.
    expect(profileCsv.body).toBe('\uFEFFДата;Щит 1, кВт·ч;Приём, кВт·ч;Отдача, кВт·ч;Небаланс, кВт·ч;Небаланс, %\r\n01.03.2024 00:00;;;0;;\r\nИтого;;;0;;\r\n')
  })

  it('reports each checked object’s host health from the last round, without waiting on hosts', async () => {
    const server = net.createServer((socket) => socket.end())
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const port = (server.address() as net.AddressInfo).port
    const up = await createObject('Доступный')
    const down = await createObject('Недоступный')
    await call('PUT', `/api/represents/${up}/`, { name: 'Доступный', check_health: true, health_check_ip: '127.0.0.1', health_check_port: port })
    await call('PUT', `/api/represents/${down}/`, { name: 'Недоступный', check_health: true, health_check_ip: '127.0.0.1', health_check_port: 1 })
    await runHealthRound(t.database.db, 1000)
    server.close()
    const health = (await call('GET', '/api/represent_health_check/')).json()
    expect(health[String(up)]).toBe(true)
    expect(health[String(down)]).toBe(false)
  })

  it('asks represents.view to read and represents.change to write', async () => {
    const viewer = await t.userWith(['represents.view'])
    const nobody = await t.userWith([])
    expect((await call('GET', '/api/represents/all/', undefined, nobody.token)).statusCode).toBe(403)
    expect((await call('GET', '/api/represents/all/', undefined, viewer.token)).statusCode).toBe(200)
    expect((await call('POST', '/api/represents/', { name: 'x' }, viewer.token)).statusCode).toBe(403)
    expect((await call('GET', '/api/represent_health_check/', undefined, nobody.token)).statusCode).toBe(403)
  })
})
