/** Measurement channels of interval values and register readings. */
export const CHANNELS = { 1: 'A+', 2: 'A-', 3: 'R+', 4: 'R-' } as const
export type Channel = keyof typeof CHANNELS
export const CHANNEL = { A_PLUS: 1, A_MINUS: 2, R_PLUS: 3, R_MINUS: 4 } as const

/**
 * Status of an interval value (docs/vee.md). Anything but VALID is not commercial: reports mark it, 80020 gives it
 * status 1. SUSPECT and EDITED values count in sums like VALID ones; MISSING has no value; INCOMPLETE: the meter
 * flagged the interval (power lost or its clock set during it).
 */
export const INTERVAL_STATUS = { VALID: 0, MISSING: 1, ESTIMATED: 2, SUSPECT: 3, EDITED: 4, INCOMPLETE: 5 } as const

/** Days and intervals are cut in the account's time zone (DESIGN.md section 4). */
export const DEFAULT_TIME_ZONE = 'Europe/Moscow'
