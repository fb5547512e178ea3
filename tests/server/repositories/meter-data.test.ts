import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { consumptionByDate, profileData } from '../../../src/server/repositories/meter-data'
import { storeIntervals, storeRegisterReadings, type IntervalRow } from '../../../src/server/repositories/readings'
import { CHANNEL, INTERVAL_STATUS } from '../../../src/shared/metering'
import { startRegistryApp, type RegistryApp } from '../../helpers/test-app'
import { msk } from '../../helpers/factories'

/*
 * A point whose meter (ratio 2) measures 1 kWh per half-hour on 1..3 November 2026, so each day is 48 kWh at the
 * meter, 96 at the point. Its register reads 1000 at 1 November 00:00, 1048 and 1096 at the next midnights, then
 * 35 144 at 4 November 00:00: a jump of 34 048 next to a day of 48. "Now" is 4 November 12:00.
 */
let t: RegistryApp
let pointId: number
const NOW = msk('2026-11-04T12:00:00')

beforeAll(async () => {
  t = await startRegistryApp()
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

/*
 * A Mercury 206 (or a LoRaWAN meter) keeps no profile: its day is what its register counted between the midnights,
 * times the ratios (2). It reads 999 990 and 999 995 at 1 and 2 November 00:00, then 0.5 twenty seconds after the 3rd
 * began (a rollover of its 8 BCD digits of 0.01 kWh), is not read again until 10.5 on the 5th, falls to 5 on the 6th
 * (a replaced or reset register) and reads 10 on the 7th.
 */
describe('a register-only point’s consumption by day', () => {
  let registerOnly: number
  beforeAll(async () => {
    registerOnly = await t.make.point({ name: 'Кв. 16' })
    const meter = await t.make.meter({ model_id: t.refs.modelIds['Меркурий 206 RN'] })
    await t.make.install(registerOnly, meter, { at: msk('2026-10-01T00:00:00'), coeff: 2 })
    const readings: [string, number][] = [
      ['2026-11-01T00:00:00', 999_990],
      ['2026-11-02T00:00:00', 999_995.49],
      ['2026-11-03T00:00:20', 0.5],
      ['2026-11-05T00:00:00', 10.5],
      ['2026-11-06T00:00:00', 5],
      ['2026-11-07T00:00:00', 10],
    ]
    await storeRegisterReadings(
      t.database.db,
      readings.map(([at, value]) => ({ counter_id: meter, channel: CHANNEL.A_PLUS, tariff: 0, read_at: msk(at), value })),
    )
  })

  it('takes each day from the register difference across its midnights, times the ratios', async () => {
    const rows = await consumptionByDate(t.database.db, registerOnly, '2026-11', 'Europe/Moscow', msk('2026-11-08T12:00:00'))
    const kwh = (value: number | null) => (value === null ? null : Math.round(value * 1000) / 1000)
    expect(rows.slice(0, 8).map((r) => [r.consumption_date, r.counter_value, kwh(r.consumption), r.reading_mismatch])).toEqual([
      ['2026-11-01', 999_995.49, 10.98, false],
      // read 20 s after midnight, which counts as the midnight's reading; over the rollover
      ['2026-11-02', 0.5, 10, false],
      // not read at the 3rd's end: no figure, and the 4th carries both days
      ['2026-11-03', 0.5, null, false],
      ['2026-11-04', 10.5, 20, false],
      ['2026-11-05', 5, null, true],
      ['2026-11-06', 10, 10, false],
      ['2026-11-07', 10, null, false],
      ['2026-11-08', 10, null, false],
    ])
  })
})

// The meter flags a record incomplete when it was switched on or off during it (manual p.96–97): not commercial.
describe('a point’s profile with an incomplete half-hour', () => {
  it('answers its buckets incomplete, not valid, and a bucket with a suspect half-hour as well suspect', async () => {
    const pointId = await t.make.point({ name: 'Кв. 17' })
    const meter = await t.make.meter()
    await t.make.install(pointId, meter, { at: msk('2026-10-01T00:00:00'), coeff: 1 })
    const { VALID, INCOMPLETE, SUSPECT } = INTERVAL_STATUS
    const statuses = [VALID, INCOMPLETE, SUSPECT, INCOMPLETE]
    await storeIntervals(
      t.database.db,
      statuses.map((status, i) => ({
        counter_id: meter,
        channel: CHANNEL.A_PLUS,
        interval_start: new Date(msk('2026-11-10T10:00:00').getTime() + i * 1_800_000),
        value: status === INCOMPLETE ? 0.4 : 1,
        status,
      })),
    )
    const profile = (interval: number) =>
      profileData(t.database.db, pointId, CHANNEL.A_PLUS, interval, msk('2026-11-10T10:00:00'), msk('2026-11-10T12:00:00'), 'Europe/Moscow')
    expect((await profile(30)).map((bucket) => bucket.status)).toEqual([VALID, INCOMPLETE, SUSPECT, INCOMPLETE])
    expect((await profile(60)).map((bucket) => bucket.status)).toEqual([INCOMPLETE, SUSPECT])
  })
})
