import { asc, eq } from 'drizzle-orm'
import { halfHourEnergy, isMissingInterval, registerReading } from '../../collector/load-model'
import { moscowHalfHourOfDay } from '../../collector/moscow-time'
import { unitHash } from '../../collector/seeded-random'
import { ZONE_INDEX_OF_HALF_HOUR, ZONE_TARIFF, TARIFF_ZONES } from '../../collector/tariff-zones'
import { CHANNEL, INTERVAL_STATUS } from '../../../shared/metering'
import type { Executor } from '../client'
import { pointCounters, points } from '../schema'
import { storeIntervals, storeRegisterReadings, type IntervalRow, type RegisterRow } from '../../repositories/readings'
import type { BaseSeedResult } from './base'
import type { SeedOptions } from './index'
import { DemoNetwork, demoConsumerOf, isSupplyPoint, type DemoInstallation } from './demo-network'

const HALF_HOUR = 1_800_000
const HOUR = 3_600_000
const DAY = 86_400_000
const HISTORY_DAYS = 92

type Energy = { aPlus: number; rPlus: number }

/**
 * Registers of a supply meter: its own start values plus what its half-hours added, per tariff zone. A consumer
 * meter's registers come from the load model, which the emulator continues.
 */
class SupplyRegisters {
  private readonly zones: Energy[]

  constructor(counterId: number) {
    const start = 20_000 + 60_000 * unitHash(counterId, 17)
    this.zones = [0.45, 0.3, 0.25].map((share) => ({ aPlus: start * share, rPlus: start * share * 0.4 }))
  }

  add(at: number, energy: Energy): void {
    const zone = this.zones[ZONE_INDEX_OF_HALF_HOUR[moscowHalfHourOfDay(at)]!]!
    zone.aPlus += energy.aPlus
    zone.rPlus += energy.rPlus
  }

  reading(tariff: number): Energy {
    if (tariff === 0) return this.zones.reduce((sum, z) => ({ aPlus: sum.aPlus + z.aPlus, rPlus: sum.rPlus + z.rPlus }), { aPlus: 0, rPlus: 0 })
    return this.zones[TARIFF_ZONES.findIndex((name) => ZONE_TARIFF[name] === tariff)]!
  }
}

/**
 * Demo step 'history': three months of half-hour A+ and R+ of every installed demo meter and register readings
 * consistent with them (all tariffs at midnight, the total every hour). Consumers follow the load model (with its
 * deliberate gaps written as missing); supply meters measure what their points take plus the losses (see
 * demo-network). Runs after 'registry'.
 */
export async function seedHistory(db: Executor, _base: BaseSeedResult, options: SeedOptions): Promise<void> {
  await seedHistoryOf(db, options.historyDays ?? HISTORY_DAYS)
}

/** The history of the last `days` days (tests take a few weeks: the network is the same on every day). */
export async function seedHistoryOf(db: Executor, days: number): Promise<void> {
  const installations: DemoInstallation[] = await db
    .select({
      point_name: points.name,
      counter_id: pointCounters.counter_id,
      installed_at: pointCounters.installed_at,
      removed_at: pointCounters.removed_at,
      coeff: pointCounters.coeff,
      coeff_voltage: pointCounters.coeff_voltage,
    })
    .from(pointCounters)
    .innerJoin(points, eq(points.point_id, pointCounters.point_id))
    .orderBy(asc(pointCounters.point_id), asc(pointCounters.installed_at))
    .then((rows) => rows.map(({ coeff, coeff_voltage, ...row }) => ({ ...row, ratio: coeff * coeff_voltage })))
  const network = new DemoNetwork(installations)
  const now = Date.now()
  const end = Math.floor(now / HALF_HOUR) * HALF_HOUR
  const start = Math.floor((now - days * DAY) / DAY) * DAY
  // One store for all meters: the rollup then runs once over every touched day.
  const intervals: IntervalRow[] = []
  const registers: RegisterRow[] = []
  for (const installation of installations) {
    const seed = installation.counter_id
    const type = demoConsumerOf(installation.point_name)
    const supply = isSupplyPoint(installation.point_name) ? new SupplyRegisters(seed) : null
    const from = Math.max(start, Math.ceil(installation.installed_at.getTime() / HALF_HOUR) * HALF_HOUR)
    const to = Math.min(end, installation.removed_at?.getTime() ?? end)
    for (let at = from; at < to; at += HALF_HOUR) {
      const intervalStart = new Date(at)
      if (at % HOUR === 0) {
        const midnight = moscowHalfHourOfDay(at) === 0
        for (const tariff of midnight ? ([0, 1, 2, 3] as const) : ([0] as const)) {
          const reading = supply ? supply.reading(tariff) : registerReading(seed, type, intervalStart, tariff)
          registers.push({ counter_id: seed, channel: CHANNEL.A_PLUS, tariff, read_at: intervalStart, value: reading.aPlus })
          if (midnight) registers.push({ counter_id: seed, channel: CHANNEL.R_PLUS, tariff, read_at: intervalStart, value: reading.rPlus })
        }
      }
      const energy = supply ? network.meterEnergy(installation, at) : halfHourEnergy(seed, type, intervalStart)
      supply?.add(at, energy)
      if (!supply && isMissingInterval(seed, intervalStart)) {
        intervals.push({ counter_id: seed, channel: CHANNEL.A_PLUS, interval_start: intervalStart, value: null, status: INTERVAL_STATUS.MISSING })
        intervals.push({ counter_id: seed, channel: CHANNEL.R_PLUS, interval_start: intervalStart, value: null, status: INTERVAL_STATUS.MISSING })
      } else {
        intervals.push({ counter_id: seed, channel: CHANNEL.A_PLUS, interval_start: intervalStart, value: energy.aPlus })
        intervals.push({ counter_id: seed, channel: CHANNEL.R_PLUS, interval_start: intervalStart, value: energy.rPlus })
      }
    }
  }
  await storeIntervals(db, intervals)
  await storeRegisterReadings(db, registers)
}
