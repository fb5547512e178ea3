/** A wall-clock date and time taken apart, in whatever zone the caller says. */
export interface LocalDateTime {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
}

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0

/** How many days a month (1..12) of a year has. */
export const daysInMonth = (year: number, month: number): number => (month === 2 ? (isLeap(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31)

/** A date and time as written: the calendar's parts, and the offset from UTC in minutes, or null when none is written. */
export type WrittenTime = LocalDateTime & { millisecond: number; offset: number | null }

/**
 * `YYYY-MM-DD`, then optionally `T` (or `t`, or a space) and `hh:mm`, `:ss`, a fraction of up to 9 digits, and an offset
 * (`Z`, `±hh:mm`, `±hhmm`): the ISO 8601 forms the console and the API's callers send, each of which `Date.parse` reads
 * as written. Nothing may follow them.
 */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ]([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.(\d{1,9}))?)?(?:([Zz])|([+-])([01]\d|2[0-3]):?([0-5]\d))?)?$/

/**
 * Reads a date or a date and time strictly, or null: a day the calendar has not (30 February, 29 February of a common
 * year), an hour past 23 or any text after it is no date. `Date.parse` is no check: it rolls 2026-02-30 over to 2 March,
 * and its legacy parser reads "2026-11-01 nov" as 11 November and "2026-11-01junk" as 11 June.
 */
export function readDateTime(text: string): WrittenTime | null {
  const m = DATE_TIME.exec(text)
  if (!m) return null
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])]
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null
  const sign = m[9] === '-' ? -1 : 1
  return {
    year,
    month,
    day,
    hour: Number(m[4] ?? 0),
    minute: Number(m[5] ?? 0),
    second: Number(m[6] ?? 0),
    // Date.parse keeps milliseconds and drops the digits after them.
    millisecond: Number((m[7] ?? '').padEnd(3, '0').slice(0, 3)),
    offset: m[8] ? 0 : m[9] ? sign * (Number(m[10]) * 60 + Number(m[11])) : null,
  }
}
