import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storeIntervals, type IntervalRow } from '../../src/server/repositories/readings'
import { CHANNEL, INTERVAL_STATUS } from '../../src/shared/metering'
import { startTestApp, type TestApp } from '../helpers/test-app'
import { meteringFactory, msk } from './balance-fixtures'

/*
 * Hand-computed balance of one object over 1..3 March 2024 (Moscow):
 * point A (+): meter 1 (ratio 10 x 1) until 2 March 12:00, then meter 2 (ratio 5 x 1); meter 1 writes 1 kWh per
 * half-hour, meter 2 writes 2 kWh, both also before and after their installation (those values must not count).
 * point B (-): meter 3 (ratio 1), 4 kWh per half-hour; 1 March 10:00 is missing (status 1), 11:00 is absent.
 * So A is 480 kWh every day (on 2 March: 24 x 1 x 10 + 24 x 2 x 5), B is 184 on 1 March (46 half-hours), 192 after.
 */
let t: TestApp
let representId: number
let pointA: number
let pointB: number
/** A second object with one point whose meter estimated 1 March 10:30 (status 2), 4 kWh every half-hour. */
let estimatedId: number
let pointC: number
const HALF = 1_800_000

function halfHours(counterId: number, from: Date, to: Date, value: number, skip: (at: Date) => 'missing' | 'absent' | 'estimated' | null = () => null): IntervalRow[] {
  const rows: IntervalRow[] = []
  for (let at = from.getTime(); at < to.getTime(); at += HALF) {
    const start = new Date(at)
    const gap = skip(start)
    if (gap === 'absent') continue
    if (gap === 'estimated') rows.push({ counter_id: counterId, channel: CHANNEL.A_PLUS, interval_start: start, value, status: INTERVAL_STATUS.ESTIMATED })
    else rows.push({ counter_id: counterId, channel: CHANNEL.A_PLUS, interval_start: start, value: gap ? null : value, status: gap ? INTERVAL_STATUS.MISSING : INTERVAL_STATUS.VALID })
  }
  return rows
}

beforeAll(async () => {
  t = await startTestApp()
  const f = meteringFactory(t.database.db)
  pointA = await f.point('Ввод Т-1')
  pointB = await f.point('Отходящая линия')
  pointC = await f.point('Ввод Т-2')
  const [m1, m2, m3, m4] = [await f.counter(), await f.counter(), await f.counter(), await f.counter()]
  await f.install(pointA, m1, msk('2024-02-01T00:00:00'), msk('2024-03-02T12:00:00'), { coeff: 10 })
  await f.install(pointA, m2, msk('2024-03-02T12:00:00'), null, { coeff: 5 })
  await f.install(pointB, m3, msk('2024-02-01T00:00:00'), null)
  await f.install(pointC, m4, msk('2024-02-01T00:00:00'), null)
  const from = msk('2024-03-01T00:00:00')
  const to = msk('2024-03-04T00:00:00')
  await storeIntervals(t.database.db, [
    ...halfHours(m1, from, to, 1),
    ...halfHours(m2, from, to, 2),
    ...halfHours(m3, from, to, 4, (at) => (at.getTime() === msk('2024-03-01T10:00:00').getTime() ? 'missing' : at.getTime() === msk('2024-03-01T11:00:00').getTime() ? 'absent' : null)),
    ...halfHours(m4, from, to, 4, (at) => (at.getTime() === msk('2024-03-01T10:30:00').getTime() ? 'estimated' : null)),
  ])
  estimatedId = (await t.call(t.adminToken, { method: 'POST', url: '/api/represents/', payload: { name: 'ТП-2' } })).json().represent_id
  await t.call(t.adminToken, { method: 'POST', url: `/api/represents/${estimatedId}/add_point/?point_id=${pointC}` })
  const created = await t.call(t.adminToken, { method: 'POST', url: '/api/represents/', payload: { name: 'ТП-1' } })
  representId = created.json().represent_id
  for (const point of [pointA, pointB]) await t.call(t.adminToken, { method: 'POST', url: `/api/represents/${representId}/add_point/?point_id=${point}` })
  const links = (await t.call(t.adminToken, { method: 'GET', url: `/api/represents/${representId}/points/` })).json()
  const linkB = links.find((l: { point_id: number }) => l.point_id === pointB)
  await t.call(t.adminToken, { method: 'POST', url: `/api/represents/${representId}/update_point_sign/?represent_point_id=${linkB.represent_point_id}` })
})
afterAll(() => t.close())

const profile = async (query: string, id = representId) => {
  const res = await t.call(t.adminToken, { method: 'GET', url: `/api/represents/${id}/points_profile_data/?beginDate=2024-03-01&endDate=2024-03-03&${query}` })
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

describe('balance from the database', () => {
  it('sums days across a meter change in the middle of a day with each meter’s own ratios', async () => {
    const data = await profile('interval=1440&roundVal=roundWith2')
    const a = `p${pointA}`
    const b = `p${pointB}`
    expect(data.items.map((i: { values: Record<string, number> }) => i.values)).toEqual([
      { [a]: 480, [b]: 184, sum: 296, lost: 296 },
      { [a]: 480, [b]: 192, sum: 288, lost: 288 },
      { [a]: 480, [b]: 192, sum: 288, lost: 288 },
    ])
    expect(data.items[0].time).toBe(msk('2024-03-01T00:00:00').toISOString())
    expect(data.items[0].missing).toEqual([b, 'sum', 'lost'])
    expect(data.items[1].missing).toEqual([])
  })

  it('gives half-hours around the change and shows the missing ones as missing, not zero', async () => {
    const data = await profile('interval=30')
    expect(data.items).toHaveLength(3 * 48)
    const at = (local: string) => data.items.find((i: { time: string }) => i.time === msk(local).toISOString())
    expect(at('2024-03-02T11:30:00').values[`p${pointA}`]).toBe(10)
    expect(at('2024-03-02T12:00:00').values[`p${pointA}`]).toBe(10)
    expect(at('2024-03-01T10:00:00').values).toMatchObject({ [`p${pointB}`]: null, sum: null, lost: null })
    expect(at('2024-03-01T11:00:00').missing).toContain(`p${pointB}`)
    expect(at('2024-03-01T12:00:00').values).toMatchObject({ [`p${pointA}`]: 10, [`p${pointB}`]: 4, sum: 6 })
  })

  it('groups hours, months, and gives average power and losses in percent', async () => {
    const hours = await profile('interval=60&energy_format=kv')
    expect(hours.items).toHaveLength(72)
    // 2 March 11:00-12:00: 2 half-hours of 10 kWh -> 20 kWh over 60 minutes -> 20 kW
    expect(hours.items.find((i: { time: string }) => i.time === msk('2024-03-02T11:00:00').toISOString()).values[`p${pointA}`]).toBe(20)
    const month = await profile('interval=43200&showLostInPercentage=true&roundVal=roundWith1')
    expect(month.items).toHaveLength(1)
    // (1440 - 568) / 1440 = 60.555... %
    expect(month.items[0].values).toMatchObject({ [`p${pointA}`]: 1440, [`p${pointB}`]: 568, lost: 60.6 })
    const onlyA = await profile(`interval=525600&points=${pointA}&roundVal=round0`)
    expect(onlyA.headers.map((h: { key: string }) => h.key)).toEqual(['time', `p${pointA}`, 'sum', 'lost'])
  })

  it('answers the same from raw half-hours and from the daily rollup', async () => {
    const days = await profile('interval=1440&roundVal=roundWith3')
    const halves = await profile('interval=30&roundVal=roundWith3')
    const perDay = [0, 1, 2].map((d) =>
      halves.items.slice(d * 48, d * 48 + 48).reduce((s: number, i: { values: Record<string, number | null> }) => s + (i.values[`p${pointA}`] ?? 0), 0),
    )
    expect(perDay).toEqual(days.items.map((i: { values: Record<string, number> }) => i.values[`p${pointA}`]))
  })

  it('counts an estimated half-hour in the energy but marks its hour and day incomplete', async () => {
    const c = `p${pointC}`
    const hours = await profile('interval=60', estimatedId)
    const hour = hours.items.find((i: { time: string }) => i.time === msk('2024-03-01T10:00:00').toISOString())
    expect(hour.values[c]).toBe(8)
    expect(hour.missing).toEqual([c, 'sum', 'lost'])
    const days = await profile('interval=1440', estimatedId)
    expect(days.items.map((i: { values: Record<string, number> }) => i.values[c])).toEqual([192, 192, 192])
    expect(days.items.map((i: { missing: string[] }) => i.missing)).toEqual([[c, 'sum', 'lost'], [], []])
  })
})
