import { CHANNEL } from '../../shared/metering'
import type { ProfileData, ProfileQuery } from '../../shared/schemas/represents'
import { T } from '../../shared/texts'
import type { Executor } from '../db/client'
import { fieldError } from '../lib/http-errors'
import { composeBalance, type BalancePoint } from './compose'
import { loadSeries } from './profile-query'

/** The longest period per interval: keeps one answer to at most about 4,500 rows. */
export const PROFILE_MAX_DAYS: Record<number, number> = { 30: 93, 60: 186, 1440: 3660, 43200: 3660, 525600: 3660 }

const DAY_MS = 86_400_000

/** Refuses a period of whole days (both ends included) longer than the interval allows, naming the limit. */
export function checkPeriodLength(beginDate: string, endDate: string, maxDays: number): void {
  const days = (Date.parse(endDate) - Date.parse(beginDate)) / DAY_MS + 1
  if (days > maxDays) throw fieldError('endDate', T.periodTooLong(maxDays))
}

/** The same for a span between two instants, the end excluded. */
export function checkSpanLength(from: Date, to: Date, maxDays: number, field: string): void {
  if (to.getTime() - from.getTime() > maxDays * DAY_MS) throw fieldError(field, T.periodTooLong(maxDays))
}

/** Reverse energy is A-; straight is A+, or R+ when reactive energy is asked for. */
function channelOf(query: Pick<ProfileQuery, 'energy_type' | 'reactive_energy'>): number {
  if (query.energy_type === 'reverse') return CHANNEL.A_MINUS
  return query.reactive_energy ? CHANNEL.R_PLUS : CHANNEL.A_PLUS
}

/** What the balance takes from the object's row: the colour of the imbalance and the percent it may reach. */
export type BalanceSettings = { lost_color: string; allowed_imbalance: number }

/**
 * The object's profile for the query. `points` narrows the object's points (each must belong to it).
 * The imbalance and reactive energy exist only for straight energy. `showLostInPercentage` is accepted as the spec
 * has it; the imbalance is always shown in units and in percent together.
 */
export async function profileOf(
  db: Executor,
  objectPoints: BalancePoint[],
  settings: BalanceSettings,
  query: ProfileQuery,
  timeZone: string,
  now: Date = new Date(),
): Promise<ProfileData> {
  checkPeriodLength(query.beginDate, query.endDate, PROFILE_MAX_DAYS[query.interval]!)
  const linked = new Set(objectPoints.map((p) => p.point_id))
  if (query.points.some((id) => !linked.has(id))) throw fieldError('points', T.pointNotInRepresent)
  const wanted = query.points.length ? objectPoints.filter((p) => query.points.includes(p.point_id)) : objectPoints
  const straight = query.energy_type === 'straight'
  const { buckets, series } = await loadSeries(db, {
    pointIds: wanted.map((p) => p.point_id),
    channel: channelOf(query),
    interval: query.interval,
    beginDate: query.beginDate,
    endDate: query.endDate,
    timeZone,
    now,
  })
  return composeBalance(wanted, buckets, series, {
    energyFormat: query.energy_format,
    reactive: straight && query.reactive_energy,
    showLost: straight && query.showLost,
    roundVal: query.roundVal,
    lostColor: settings.lost_color,
    allowedImbalance: settings.allowed_imbalance,
  })
}
