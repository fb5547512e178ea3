import type { DayKind } from './consumer-profiles'
import { DAY_MS, HALF_HOURS_PER_DAY } from './moscow-time'

/**
 * Calendar facts the load model needs per Moscow local day (day index since 1970-01-01):
 * kind of day, season, and when it is dark in Moscow (55.75° N, solar noon near 12:30 UTC+3).
 */

/** Fixed Russian public holidays as month * 100 + day; shifted working days are not modelled. */
const HOLIDAYS = new Set([101, 102, 103, 104, 105, 106, 107, 108, 223, 308, 501, 509, 612, 1104])

export function dayKindOf(dayIndex: number): DayKind {
  const date = new Date(dayIndex * DAY_MS)
  if (HOLIDAYS.has((date.getUTCMonth() + 1) * 100 + date.getUTCDate())) return 'holiday'
  const weekday = date.getUTCDay()
  if (weekday === 0) return 'holiday'
  return weekday === 6 ? 'saturday' : 'workday'
}

const YEAR_DAYS = 365.2425
/** Day index of 2000-01-15, the coldest and darkest part of the year in the model. */
const MIDWINTER_DAY = Date.UTC(2000, 0, 15) / DAY_MS

/** +1 in mid-January, -1 in mid-July. */
export function winterness(dayIndex: number): number {
  return Math.cos((2 * Math.PI * (dayIndex - MIDWINTER_DAY)) / YEAR_DAYS)
}

/** Day length in hours: about 7 h at the winter solstice and 17.5 h at the summer one. */
function daylightHours(dayIndex: number): number {
  const summerSolstice = MIDWINTER_DAY + 158
  return 12.25 + 5.2 * Math.cos((2 * Math.PI * (dayIndex - summerSolstice)) / YEAR_DAYS)
}

const SOLAR_NOON_HOUR = 12.5
/** Photo relays switch lights a quarter of an hour after sunset and before sunrise. */
const TWILIGHT_HOURS = 0.25

/** Fraction of each half-hour of the day during which street lights are on. */
export function darknessByHalfHour(dayIndex: number): Float64Array {
  const halfDay = daylightHours(dayIndex) / 2
  const lightsOff = SOLAR_NOON_HOUR - halfDay - TWILIGHT_HOURS
  const lightsOn = SOLAR_NOON_HOUR + halfDay + TWILIGHT_HOURS
  const result = new Float64Array(HALF_HOURS_PER_DAY)
  for (let halfHour = 0; halfHour < HALF_HOURS_PER_DAY; halfHour++) {
    const from = halfHour / 2
    const to = from + 0.5
    const dark = overlap(from, to, 0, lightsOff) + overlap(from, to, lightsOn, 24)
    result[halfHour] = dark / 0.5
  }
  return result
}

function overlap(from: number, to: number, start: number, end: number): number {
  return Math.max(0, Math.min(to, end) - Math.max(from, start))
}

/** Relative solar output of rooftop panels over the day (zero outside 9:00-16:00). */
export const SOLAR_BY_HALF_HOUR: readonly number[] = Array.from({ length: HALF_HOURS_PER_DAY }, (_, halfHour) => {
  const hour = halfHour / 2 + 0.25
  return Math.max(0, 1 - ((hour - SOLAR_NOON_HOUR) / 3.5) ** 2)
})
