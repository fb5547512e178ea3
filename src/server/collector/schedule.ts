import { Cron } from 'croner'
import type { TaskInterval } from '../../shared/schemas/collection'
import { YEAR_MAX } from '../../shared/constants'
import { DEFAULT_TIME_ZONE } from '../../shared/metering'
import { T } from '../../shared/texts'
import { offsetAt, writtenInstant } from '../reports/time'

const UNIT_MS: Record<'minutes' | 'hours' | 'days', number> = { minutes: 60_000, hours: 3_600_000, days: 86_400_000 }

function cronOf(expression: string, timeZone: string = DEFAULT_TIME_ZONE): Cron | null {
  if (expression.trim().split(/\s+/).length !== 5) return null
  try {
    return new Cron(expression, { timezone: timeZone, paused: true })
  } catch {
    return null
  }
}

/** A once task's instant, on the account's wall clock as every other schedule is (docs/collection.md); null for no date. */
const onceAt = (value: string, timeZone: string): number | null => writtenInstant(value, timeZone)?.getTime() ?? null

/** The Russian message for a schedule the collector could not run in the account's zone, or null when it is fine. */
export function scheduleError(interval: TaskInterval, value: string, now: Date, timeZone: string): string | null {
  if (interval === 'cron' && !cronOf(value)) return T.invalidCron
  if (interval === 'once') {
    const at = onceAt(value, timeZone)
    return at === null ? T.invalidDateTime : at > now.getTime() ? null : T.onceInPast
  }
  // A run that never comes (30 February), or comes after the years a date may hold, is no schedule to keep.
  const next = nextRunAfter(interval, value, now, timeZone)
  return next !== null && next.getUTCFullYear() <= YEAR_MAX ? null : T.scheduleBeyondYears
}

/**
 * The first due time strictly after `after`, or null when the task has no more runs, in the account's zone: a cron
 * expression is its wall clock, and "every N units" runs are aligned to multiples of the period counted from its
 * midnight, so every N days runs at 00:00 and every 15 minutes at :00, :15, :30, :45: the same task always has the
 * same due times, in any process.
 */
export function nextRunAfter(interval: TaskInterval, value: string, after: Date, timeZone: string): Date | null {
  if (interval === 'once') {
    const at = onceAt(value, timeZone)
    return at !== null && at > after.getTime() ? new Date(at) : null
  }
  if (interval === 'cron') return cronOf(value, timeZone)?.nextRun(after) ?? null
  const period = Number(value) * UNIT_MS[interval]
  const offset = offsetAt(after.getTime(), timeZone)
  return new Date((Math.floor((after.getTime() + offset) / period) + 1) * period - offset)
}
