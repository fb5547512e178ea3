import { T } from '../../shared/texts'

/**
 * Thresholds of validation and estimation (docs/vee.md). The two a utility tunes per deployment are settings
 * (VEE_SPIKE_FACTOR, VEE_DAY_TOLERANCE); the rest are constants of the method.
 */
export interface VeeSettings {
  /** A half-hour above this multiple of the channel's usual half-hour is suspect. */
  spikeFactor: number
  /** The day's profile sum may differ from the register difference by this share of it. */
  dayTolerance: number
}

function positiveNumber(text: string | undefined, fallback: number, name: string): number {
  if (text === undefined || text.trim() === '') return fallback
  const value = Number(text)
  if (!Number.isFinite(value) || value <= 0) throw new Error(T.env.notPositive(name, text))
  return value
}

export function veeSettings(env: NodeJS.ProcessEnv = process.env): VeeSettings {
  return {
    spikeFactor: positiveNumber(env.VEE_SPIKE_FACTOR, 10, 'VEE_SPIKE_FACTOR'),
    dayTolerance: positiveNumber(env.VEE_DAY_TOLERANCE, 0.02, 'VEE_DAY_TOLERANCE'),
  }
}

/** Days before the poll whose whole, gap-free days give the channel's usual half-hour. */
export const USUAL_LOOKBACK_DAYS = 28
/** Fewer whole days than this and a channel has no usual value yet: a new meter is not flagged. */
export const USUAL_MIN_DAYS = 7
/** How far back the gap rule looks for the last stored interval before a poll (a longer outage is left to the reader). */
export const GAP_LOOKBACK_DAYS = 7
/**
 * Kilowatt-hours the registers' last digit at both ends accounts for: the day rule forgives it besides the share, and
 * the register-share estimate takes known half-hours exceeding the register difference by no more than this as zero.
 */
export const DAY_ABSOLUTE_TOLERANCE = 0.02
/** A register reading counts as taken at an interval boundary when it is this close to one. */
export const READING_SLACK_MINUTES = 10
/**
 * Widths of the total registers by the driver of the meter's model, kWh: Mercury 206 counts 8 BCD digits of 0.01 kWh,
 * Mercury 230 a 32-bit count of Wh. A register that falls from the top tenth of its width to its bottom tenth has rolled
 * over; a meter of another protocol has no width known, and any fall of its register is a fault.
 */
export const REGISTER_WIDTHS: Record<string, number> = { mercury206: 999_999.99, mercury230: 4_294_967.296 }
export const ROLLOVER_MARGIN = 0.1
/** Gaps of at most this many intervals between two known values are interpolated linearly. */
export const LINEAR_MAX_INTERVALS = 4
/** Weeks back the like-day profile takes the same weekday's half-hours from. */
export const LIKE_DAY_WEEKS = 4

/** The rules and methods as written in interval_edits.method. */
export const VEE_RULE = { SPIKE: 'spike', REGISTER_BACKWARDS: 'register_backwards', DAY_SUM: 'day_sum', CLOCK_DRIFT: 'clock_drift' } as const
export const VEE_METHOD = { LINEAR: 'linear', REGISTER_SHARE: 'register_share', LIKE_DAY: 'like_day', ACCEPT: 'accept', MANUAL: 'manual' } as const
