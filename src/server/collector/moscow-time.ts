import type { LocalDateTime } from '../../shared/calendar'

/**
 * Europe/Moscow has been UTC+3 without daylight saving since 2014, so local time is a fixed shift;
 * meters keep their clocks and tariff zones in that local time.
 */
export const MOSCOW_OFFSET_MS = 3 * 3_600_000
const MINUTE_MS = 60_000
export const HALF_HOUR_MS = 30 * MINUTE_MS
export const DAY_MS = 86_400_000
export const HALF_HOURS_PER_DAY = 48

/** The wall clock `offsetMs` ahead of UTC at `at`: the one place a local date and time is taken apart. */
export function partsAtOffset(at: Date, offsetMs: number): LocalDateTime {
  const local = new Date(at.getTime() + offsetMs)
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
  }
}

/** A wall-clock reading read as if it were UTC, in epoch milliseconds; less the zone's offset, it is the instant. */
export function wallClockMs({ year, month, day, hour, minute, second }: LocalDateTime): number {
  return Date.UTC(year, month - 1, day, hour, minute, second)
}

export const toMoscowParts = (at: Date): LocalDateTime => partsAtOffset(at, MOSCOW_OFFSET_MS)

export const fromMoscowParts = (parts: LocalDateTime): Date => new Date(wallClockMs(parts) - MOSCOW_OFFSET_MS)

/** Days since 1970-01-01 in Moscow local time. */
export function moscowDayIndex(epochMs: number): number {
  return Math.floor((epochMs + MOSCOW_OFFSET_MS) / DAY_MS)
}

/** Half-hour of the Moscow local day, 0..47. */
export function moscowHalfHourOfDay(epochMs: number): number {
  return Math.floor(((((epochMs + MOSCOW_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS) / HALF_HOUR_MS)
}

/** Floors an instant to the start of its 30-minute interval (the grid is the same in UTC and UTC+3). */
export function halfHourStartMs(epochMs: number): number {
  return Math.floor(epochMs / HALF_HOUR_MS) * HALF_HOUR_MS
}
