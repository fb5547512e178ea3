import { readDateTime } from '../../shared/calendar'

/** Local calendar days of the account's time zone turned into instants, and back (DESIGN.md section 4). */

const DAY_MS = 86_400_000
export const HALF_HOUR_MS = 1_800_000

const formatters = new Map<string, Intl.DateTimeFormat>()
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    formatters.set(timeZone, f)
  }
  return f
}

/** The zone's offset from UTC at an instant, in milliseconds. */
export function offsetAt(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {}
  for (const p of formatter(timeZone).formatToParts(new Date(instant))) if (p.type !== 'literal') parts[p.type] = Number(p.value)
  const asUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!)
  return asUtc - Math.floor(instant / 1000) * 1000
}

/** The instant the zone's clocks show a wall-clock time at, the time given as the milliseconds of its parts read as UTC. */
function zonedInstant(wallClock: number, timeZone: string): Date {
  const first = wallClock - offsetAt(wallClock, timeZone)
  return new Date(wallClock - offsetAt(first, timeZone))
}

/**
 * The instant a written date or date-time names (`readDateTime`): with its offset as written; without one, on the
 * account's wall clock, never in the server process's zone (a bare date is the local midnight). Null for no date.
 */
export function writtenInstant(text: string, timeZone: string): Date | null {
  const written = readDateTime(text)
  if (!written) return null
  const wallClock = Date.UTC(written.year, written.month - 1, written.day, written.hour, written.minute, written.second, written.millisecond)
  return written.offset === null ? zonedInstant(wallClock, timeZone) : new Date(wallClock - written.offset * 60_000)
}

/** The instant of 00:00 of a local day 'YYYY-MM-DD'. */
export function localMidnight(day: string, timeZone: string): Date {
  return zonedInstant(Date.parse(`${day}T00:00:00Z`), timeZone)
}

/** 'YYYY-MM-DD' plus n days. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10)
}

/** The local days from `first` to `last` inclusive. */
export function daysOf(first: string, last: string): string[] {
  const days: string[] = []
  for (let day = first; day <= last; day = addDays(day, 1)) days.push(day)
  return days
}

/** Local wall-clock parts of an instant: the day 'YYYY-MM-DD' and the minute of the day. */
export function localParts(instant: number, timeZone: string): { day: string; minute: number } {
  const local = new Date(instant + offsetAt(instant, timeZone))
  return { day: local.toISOString().slice(0, 10), minute: local.getUTCHours() * 60 + local.getUTCMinutes() }
}

/** 'YYYY-MM-DD' as the console and the documents show it: DD.MM.YYYY. */
export const ruDate = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`

/** A local date and time of an instant, DD.MM.YYYY HH:mm. */
export function ruDateTime(instant: Date, timeZone: string): string {
  const { day, minute } = localParts(instant.getTime(), timeZone)
  return `${ruDate(day)} ${hhmm(minute, ':')}`
}

/** Minutes of the day as HHMM (80020) or HH:MM. */
export const hhmm = (minute: number, separator = '') => `${String(Math.floor(minute / 60)).padStart(2, '0')}${separator}${String(minute % 60).padStart(2, '0')}`
