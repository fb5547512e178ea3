import type { Db } from '../../src/server/db/client'
import { storeIntervals, storeRegisterReadings, type IntervalRow } from '../../src/server/repositories/readings'
import { factories, msk } from '../helpers/factories'

const HALF_HOUR = 1_800_000

/** Local minute of the day -> the three-zone register: 2 night 23-7, 1 peak 7-10 and 17-21, 3 half-peak otherwise. */
const zoneOf = (minute: number) => (minute >= 1380 || minute < 420 ? 2 : (minute >= 420 && minute < 600) || (minute >= 1020 && minute < 1260) ? 1 : 3)

/** Half-hours of [from, to) with a value from the local minute of the day. */
function halfHours(counterId: number, channel: number, from: Date, to: Date, value: (minute: number) => number): IntervalRow[] {
  const rows: IntervalRow[] = []
  for (let t = from.getTime(); t < to.getTime(); t += HALF_HOUR) {
    const local = new Date(t + 3 * 3_600_000)
    rows.push({ counter_id: counterId, channel, interval_start: new Date(t), value: value(local.getUTCHours() * 60 + local.getUTCMinutes()) })
  }
  return rows
}

const registers = (counter_id: number, read_at: Date, [total, t1, t2, t3]: number[]) =>
  [total, t1, t2, t3].map((value, tariff) => ({ counter_id, channel: 1, tariff, read_at, value: value! }))

/**
 * The fixed data set of the report tests (period 01.05.2025-02.05.2025, Moscow time):
 * - objects «ПС Северная» with child «ТП-1» (point «Ввод 1»), and «ТП-2» (points «Ввод 2», «Ввод 3»);
 * - «Ввод 1»: meter 1001 (ratios 10 x 2) all period; A+ half-hours 1 at night, 2 half-peak, 3 peak, except
 *   01.05 08:00 missing; A- 0, R+ 0.01, R- 0.1 every half-hour; registers at 00:00 (read 2 minutes late);
 * - «Ввод 2»: meter 2002 (ratios 1) until 02.05 12:00, then meter 3003 (ratios 5 x 1); A+ 0.5 and 0.2;
 * - «Ввод 3»: no meter.
 */
export async function reportDataSet(db: Db) {
  const make = factories(db)
  const north = await make.object('ПС Северная')
  const tp1 = await make.object('ТП-1', north)
  const tp2 = await make.object('ТП-2')
  const p1 = await make.point({ name: 'Ввод 1', point_number: '770001', address: 'ул. Ленина, 1' })
  const p2 = await make.point({ name: 'Ввод 2', point_number: '770002', address: 'ул. Ленина, 1' })
  const p3 = await make.point({ name: 'Ввод 3', point_number: '770003', address: 'ул. Ленина, 1' })
  await make.withPoints(tp1, [p1])
  await make.withPoints(tp2, [p2, p3])
  const c1 = await make.meter({ serial_num: '1001' })
  const c2 = await make.meter({ serial_num: '2002' })
  const c3 = await make.meter({ serial_num: '3003' })
  const change = msk('2025-05-02T12:00:00')
  await make.install(p1, c1, { at: msk('2025-04-01T00:00:00'), coeff: 10, coeffVoltage: 2 })
  await make.install(p2, c2, { at: msk('2025-04-01T00:00:00'), removedAt: change })
  await make.install(p2, c3, { at: change, coeff: 5 })

  const start = msk('2025-05-01T00:00:00')
  const end = msk('2025-05-03T00:00:00')
  const byZone = { 2: 1, 3: 2, 1: 3 } as Record<number, number>
  const c1Active = halfHours(c1, 1, start, end, (m) => byZone[zoneOf(m)]!)
  const gap = c1Active.find((r) => r.interval_start.getTime() === msk('2025-05-01T08:00:00').getTime())!
  gap.value = null
  gap.status = 1
  await storeIntervals(db, [
    ...c1Active,
    ...halfHours(c1, 2, start, end, () => 0),
    ...halfHours(c1, 3, start, end, () => 0.01),
    ...halfHours(c1, 4, start, end, () => 0.1),
    ...halfHours(c2, 1, start, change, () => 0.5),
    ...halfHours(c3, 1, change, end, () => 0.2),
  ])
  const late = (d: Date) => new Date(d.getTime() + 120_000)
  await storeRegisterReadings(db, [
    ...registers(c1, late(start), [1000, 400, 350, 250]),
    ...registers(c1, late(end), [1185, 481, 382, 322]),
    ...registers(c2, start, [500, 200, 180, 120]),
    ...registers(c2, change, [536, 210, 195, 131]),
    ...registers(c3, change, [0, 0, 0, 0]),
    ...registers(c3, end, [4.8, 1.6, 0.4, 2.8]),
  ])
  return { objects: { north, tp1, tp2 }, points: { p1, p2, p3 } }
}
