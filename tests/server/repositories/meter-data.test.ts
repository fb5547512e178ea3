import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { consumptionByDate } from '../../../src/server/repositories/meter-data'
import { storeIntervals, storeRegisterReadings, type IntervalRow } from '../../../src/server/repositories/readings'
import { CHANNEL } from '../../../src/shared/metering'
import { startTestApp, type TestApp } from '../../helpers/test-app'
import { msk } from '../../helpers/factories'

/*
 * A point whose meter (ratio 2) measures 1 kWh per half-hour on 1..3 November 2026, so each day is 48 kWh at the
 * meter, 96 at the point. Its register reads 1000 at 1 November 00:00, 1048 and 1096 at the next midnights, then
 * 35 144 at 4 November 00:00: a jump of 34 048 next to a day of 48. "Now" is 4 November 12:00.
 */
let t: TestApp
let pointId: number
const NOW = msk('2026-11-04T12:00:00')

beforeAll(async () => {
  t = await startTestApp()
  pointId = await t.make.point({ name: 'Кв. 15' })
  const meter = await t.make.meter()
  await t.make.install(pointId, meter, { at: msk('2026-10-01T00:00:00'), coeff: 2 })
  const rows: IntervalRow[] = []
  for (let at = msk('2026-11-01T00:00:00').getTime(); at < msk('2026-11-04T00:00:00').getTime(); at += 1_800_000) {
    rows.push({ counter_id: meter, channel: CHANNEL.A_PLUS, interval_start: new Date(at), value: 1 })
  }
  await storeIntervals(t.database.db, rows)
  const readings: [string, number][] = [
    ['2026-11-01', 1000],
    ['2026-11-02', 1048],
    ['2026-11-03', 1096],
    ['2026-11-04', 35144],
  ]
  await storeRegisterReadings(
    t.database.db,
    readings.map(([day, value]) => ({ counter_id: meter, channel: CHANNEL.A_PLUS, tariff: 0, read_at: msk(`${day}T00:00:00`), value })),
  )
})
afterAll(() => t.close())

describe('a point’s consumption by day', () => {
  it('leaves the days after today empty instead of repeating the last reading', async () => {
    const rows = await consumptionByDate(t.database.db, pointId, '2026-11', 'Europe/Moscow', NOW)
    expect(rows).toHaveLength(30)
    expect(rows.slice(0, 4).map((r) => [r.counter_value, r.consumption])).toEqual([
      [1048, 96],
      [1096, 96],
      [35144, 96],
      [35144, null],
    ])
    expect(rows.slice(4).every((r) => r.counter_value === null && r.consumption === null)).toBe(true)
  })

  // Found from the user's side: readings rose by 43 a day next to 86 000 кВт·ч of consumption (Ктт 20 × Ктн 100),
  // both in кВт·ч, and the screen could not say why.
  it('gives the ratio each day’s consumption is the meter’s energy times', async () => {
    const rows = await consumptionByDate(t.database.db, pointId, '2026-11', 'Europe/Moscow', NOW)
    expect(rows.slice(0, 4).map((r) => r.ratio)).toEqual([2, 2, 2, 2])
  })

  it('flags a reading that disagrees with the day’s consumption', async () => {
    const rows = await consumptionByDate(t.database.db, pointId, '2026-11', 'Europe/Moscow', NOW)
    expect(rows.map((r) => r.reading_mismatch)).toEqual([false, false, true, ...Array(27).fill(false)])
  })
})
