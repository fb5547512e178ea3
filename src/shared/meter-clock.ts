/* The meter's clock: how far it may drift before the console flags it, and when the collector corrects it. */

/** A meter clock further than this from the collector's (either way) is flagged: on the meter's screen, in monitoring, by VEE. */
export const CLOCK_DRIFT_LIMIT_S = 60
/** A task that may correct clocks leaves a drift up to this alone: it is within the exchange's own delay. */
export const CLOCK_CORRECTION_THRESHOLD_S = 5

/** Whether a drift (meter minus collector, seconds) is beyond the limit. */
export function clockDriftExceeded(driftS: number): boolean {
  return Math.abs(driftS) > CLOCK_DRIFT_LIMIT_S
}

/** Whether the runtime knows a zone by this IANA name (Europe/Moscow, Asia/Yekaterinburg ...). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name })
    return /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(name)
  } catch {
    return false
  }
}
