import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { storeIntervals, type IntervalRow } from '../../../../src/server/repositories/readings'
import { CHANNEL, INTERVAL_STATUS } from '../../../../src/shared/metering'
import { startTestApp, type TestApp } from '../../../helpers/test-app'

/*
 * An account in Novosibirsk (UTC+7): its balances, readings and daily values are cut at Novosibirsk midnight, the
 * zone its reports use. One point, 1 kWh every half-hour from 1 March 00:00 to 3 March 00:00 Novosibirsk time,
 * i.e. from 29 February 17:00 UTC: each Novosibirsk day holds 48 kWh; a Moscow day would straddle two of them.
 */
const nsk = (local: string) => new Date(`${local}+07:00`)
const HALF = 1_800_000
let t: TestApp
let representId: number
let counterId: number
let pointId: number

beforeAll(async () => {
  t = await startTestApp()
  const db = t.database.db
  await db.execute(sql`update accounts set time_zone = 'Asia/Novosibirsk'`)
  const point = await t.make.point({ name: 'Ввод Новосибирск' })
  pointId = point
  counterId = await t.make.meter()
  await t.make.install(point, counterId, { at: nsk('2024-02-01T00:00:00') })
  representId = await t.make.object('ПС Заельцовская')
  await t.make.withPoints(representId, [point])
  const rows: IntervalRow[] = []
  for (let at = nsk('2024-03-01T00:00:00').getTime(); at < nsk('2024-03-03T00:00:00').getTime(); at += HALF) {
    rows.push({ counter_id: counterId, channel: CHANNEL.A_PLUS, interval_start: new Date(at), value: 1, status: INTERVAL_STATUS.VALID })
  }
  await storeIntervals(db, rows, 'Asia/Novosibirsk')
})
afterAll(() => t.close())

describe("the account's time zone", () => {
  it('cuts the balance into the days of the account', async () => {
    const res = await t.call(t.adminToken, {
      method: 'GET',
      url: `/api/represents/${representId}/points_profile_data/?interval=1440&beginDate=2024-03-01&endDate=2024-03-02&showLost=false`,
    })
    expect(res.statusCode).toBe(200)
    const items = res.json().items as { time: string; values: Record<string, number | null> }[]
    expect(items.map((i) => i.time)).toEqual([nsk('2024-03-01T00:00:00').toISOString(), nsk('2024-03-02T00:00:00').toISOString()])
    for (const item of items) expect(Object.values(item.values).filter((v) => v !== null)).toContain(48)
  })

  it("sums a point's consumption by the account's days", async () => {
    const res = await t.call(t.adminToken, { method: 'GET', url: `/api/points/${pointId}/consumption_by_date/?month=2024-03` })
    expect(res.statusCode).toBe(200)
    const days = res.json() as { consumption_date: string; consumption: number | null }[]
    expect(days.find((d) => d.consumption_date === '2024-03-01')?.consumption).toBe(48)
    expect(days.find((d) => d.consumption_date === '2024-03-02')?.consumption).toBe(48)
  })

  it("bins a point's profile by the account's days", async () => {
    const db = t.database.db
    const [aPlus] = (
      await db.execute<{ parameter_id: number }>(sql`insert into data_parameters (name, code, measurement, resource_type_id)
      select 'Активная энергия прямого направления (A+)', 'A+', 'кВт·ч', min(resource_type_id) from resource_types returning parameter_id`)
    ).rows
    const res = await t.call(t.adminToken, {
      method: 'GET',
      url:
        `/api/counters_profile_data/?point_id=${pointId}&parameter_id=${aPlus!.parameter_id}&interval=1440` +
        `&beg_date=${nsk('2024-03-01T00:00:00').toISOString()}&end_date=${nsk('2024-03-03T00:00:00').toISOString()}`,
    })
    expect(res.statusCode).toBe(200)
    const items = res.json().items as { date: string; value: number }[]
    expect(items.map((i) => [i.date, Number(i.value)])).toEqual([
      [nsk('2024-03-01T00:00:00').toISOString(), 48],
      [nsk('2024-03-02T00:00:00').toISOString(), 48],
    ])
  })

  it('writes CSV times in the account zone', async () => {
    const res = await t.call(t.adminToken, {
      method: 'GET',
      url: `/api/represents/${representId}/points_profile_csv/?interval=1440&beginDate=2024-03-01&endDate=2024-03-01&showLost=false`,
    })
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('01.03.2024 00:00')
  })
})
