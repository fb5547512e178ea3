import { offsetAt } from '../reports/time'
import { daysInMonth, type LocalDateTime } from '../../shared/calendar'
import { partsAtOffset, wallClockMs } from './moscow-time'

/* A meter's wall clock in its own time zone, the same zone math the reports cut their days with. */

export const toZonedParts = (at: Date, timeZone: string): LocalDateTime => partsAtOffset(at, offsetAt(at.getTime(), timeZone))

/** The instant a wall-clock reading stands for; in a skipped or repeated hour, the zone's offset before it. */
export function fromZonedParts(parts: LocalDateTime, timeZone: string): Date {
  const asUtc = wallClockMs(parts)
  const first = asUtc - offsetAt(asUtc, timeZone)
  return new Date(asUtc - offsetAt(first, timeZone))
}

/** 1 Monday .. 7 Sunday of a local date, as meters count weekdays. */
export function weekdayOf(parts: Pick<LocalDateTime, 'year' | 'month' | 'day'>): number {
  return ((new Date(Date.UTC(parts.year, parts.month - 1, parts.day)).getUTCDay() + 6) % 7) + 1
}

/**
 * A clock reading that can be a time: a day the month does not have (31.02) would roll over into March and make a drift
 * of days.
 */
export function isWallClockTime(p: LocalDateTime): boolean {
  return p.second <= 59 && p.minute <= 59 && p.hour <= 23 && p.month >= 1 && p.month <= 12 && p.day >= 1 && p.day <= daysInMonth(p.year, p.month)
}
