import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { CHANNEL } from '../../../src/shared/metering'
import { startRegistryApp, type RegistryApp } from '../../helpers/test-app'

// A date or a time written without an offset is on the account's wall clock, as the schedules are (docs/collection.md):
// it was read in the server process's own zone (a bare date as UTC midnight), so the same request meant another
// moment on a server kept in UTC. The tests run in Moscow; the account here keeps Novosibirsk time (UTC+7).

let t: RegistryApp
beforeAll(async () => {
  t = await startRegistryApp()
  await t.database.db.execute(sql`update accounts set time_zone = 'Asia/Novosibirsk'`)
})
afterAll(() => t.close())

const call = (method: 'GET' | 'POST', url: string, payload?: object) => t.call(t.adminToken, { method, url, payload })
let n = 0

async function installedOn(operation_date: string) {
  const res = await call('POST', '/api/counters/create_and_install/', {
    serial_num: `7700${++n}`,
    model_id: t.refs.modelIds['Меркурий 230 ART'],
    coeff: 1,
    coeff_voltage: 1,
    point_id: await t.make.point(),
    operation_date,
    conn_params: { host: '192.168.1.10', net_address: '25' },
  })
  expect(res.statusCode, res.body).toBe(201)
  return res.json().counter_id as number
}

const operations = async (counterId: number) =>
  (await call('GET', `/api/counteropers/?counter_id=${counterId}&per_page=25&page=1`)).json().results.map((r: { operation_date: string }) => r.operation_date)

describe('dates and times written without an offset', () => {
  it("install and take a meter off at the account's wall clock; an offset still names its own instant", async () => {
    expect(await operations(await installedOn('2026-03-01T10:00'))).toEqual(['2026-03-01T03:00:00.000Z', '2026-03-01T03:00:00.000Z'])
    expect(await operations(await installedOn('2026-03-01'))).toEqual(['2026-02-28T17:00:00.000Z', '2026-02-28T17:00:00.000Z'])
    const counterId = await installedOn('2026-03-01T10:00:00+03:00')
    expect(await operations(counterId)).toEqual(['2026-03-01T07:00:00.000Z', '2026-03-01T07:00:00.000Z'])
    expect((await call('POST', `/api/point_counter/${counterId}/take_off/`, { operation_date: '2026-03-02 08:30', comment: 'Поверка' })).statusCode).toBe(200)
    expect((await operations(counterId))[0]).toBe('2026-03-02T01:30:00.000Z')
  })

  it("reads a profile's span from the account's midnight", async () => {
    const counterId = await installedOn('2026-03-01')
    const [point] = (await t.database.db.execute(sql`select point_id from point_counters where counter_id = ${counterId}`)).rows as { point_id: number }[]
    for (const at of ['2026-10-31T16:30:00Z', '2026-10-31T17:00:00Z', '2026-11-01T16:30:00Z', '2026-11-01T17:00:00Z']) {
      await t.database.db.execute(sql`insert into interval_values (counter_id, channel, interval_start, minutes, value, status)
        values (${counterId}, ${CHANNEL.A_PLUS}, ${at}::timestamptz, 30, 1.5, 0)`)
    }
    const [parameter] = (await t.database.db.execute(sql`select parameter_id from data_parameters where code = 'A+' limit 1`)).rows as {
      parameter_id: number
    }[]
    const profile = await call(
      'GET',
      `/api/counters_profile_data/?point_id=${point!.point_id}&parameter_id=${parameter!.parameter_id}&interval=30&beg_date=2026-11-01&end_date=2026-11-02`,
    )
    expect(profile.statusCode, profile.body).toBe(200)
    const dates = profile.json().items.map((item: { date: string }) => item.date)
    expect(dates.map((date: string) => new Date(date).toISOString())).toEqual(['2026-10-31T17:00:00.000Z', '2026-11-01T16:30:00.000Z'])
  })
})
