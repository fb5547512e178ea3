import { asc } from 'drizzle-orm'
import { halfHourEnergy, isMissingInterval, registerReading, type ConsumerType } from '../../collector/load-model'
import { moscowHalfHourOfDay } from '../../collector/moscow-time'
import { CHANNEL, INTERVAL_STATUS } from '../../../shared/metering'
import type { Executor } from '../client'
import { pointCounters } from '../schema'
import { storeIntervals, storeRegisterReadings, type IntervalRow, type RegisterRow } from '../../repositories/readings'
import type { BaseSeedResult } from './base'

const HALF_HOUR = 1_800_000
const HOUR = 3_600_000
const DAY = 86_400_000
export const HISTORY_DAYS = 92

/** The first points of the demo feed whole buildings and the substation; the rest are flats, shops, offices. */
function consumerOf(pointIndex: number): ConsumerType {
  if (pointIndex < 5) return 'feeder'
  if (pointIndex < 10) return 'apartment_building'
  return (['flat', 'flat', 'office', 'shop', 'industrial', 'street_lighting'] as const)[pointIndex % 6]!
}

/**
 * Demo step 'history': three months of half-hour A+ and R+ of every installed demo meter from the load model
 * (with its deliberate gaps written as missing), and register readings consistent with them: all tariffs at
 * midnight, the total every hour. Runs after 'registry'.
 */
export async function seedHistory(db: Executor, _base: BaseSeedResult): Promise<void> {
  const installations = await db.select().from(pointCounters).orderBy(asc(pointCounters.point_id), asc(pointCounters.installed_at))
  const pointOrder = [...new Set(installations.map((i) => i.point_id))]
  const now = Date.now()
  const end = Math.floor(now / HALF_HOUR) * HALF_HOUR
  const start = Math.floor((now - HISTORY_DAYS * DAY) / DAY) * DAY
  // One store for all meters: the rollup then runs once over every touched day.
  const intervals: IntervalRow[] = []
  const registers: RegisterRow[] = []
  for (const installation of installations) {
    const type = consumerOf(pointOrder.indexOf(installation.point_id))
    const seed = installation.counter_id
    const from = Math.max(start, Math.ceil(installation.installed_at.getTime() / HALF_HOUR) * HALF_HOUR)
    const to = Math.min(end, installation.removed_at?.getTime() ?? end)
    for (let at = from; at < to; at += HALF_HOUR) {
      const intervalStart = new Date(at)
      if (isMissingInterval(seed, intervalStart)) {
        intervals.push({ counter_id: seed, channel: CHANNEL.A_PLUS, interval_start: intervalStart, value: null, status: INTERVAL_STATUS.MISSING })
        intervals.push({ counter_id: seed, channel: CHANNEL.R_PLUS, interval_start: intervalStart, value: null, status: INTERVAL_STATUS.MISSING })
      } else {
        const energy = halfHourEnergy(seed, type, intervalStart)
        intervals.push({ counter_id: seed, channel: CHANNEL.A_PLUS, interval_start: intervalStart, value: energy.aPlus })
        intervals.push({ counter_id: seed, channel: CHANNEL.R_PLUS, interval_start: intervalStart, value: energy.rPlus })
      }
      if (at % HOUR !== 0) continue
      const midnight = moscowHalfHourOfDay(at) === 0
      const tariffs = midnight ? ([0, 1, 2, 3] as const) : ([0] as const)
      for (const tariff of tariffs) {
        const reading = registerReading(seed, type, intervalStart, tariff)
        registers.push({ counter_id: seed, channel: CHANNEL.A_PLUS, tariff, read_at: intervalStart, value: reading.aPlus })
        if (midnight) registers.push({ counter_id: seed, channel: CHANNEL.R_PLUS, tariff, read_at: intervalStart, value: reading.rPlus })
      }
    }
  }
  await storeIntervals(db, intervals)
  await storeRegisterReadings(db, registers)
}

