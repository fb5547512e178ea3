/** First retry waits up to this long; each failure doubles it. */
const RETRY_BASE_MS = 2_000
/** A tablet back in coverage should not wait longer than this for its edits to leave. */
export const RETRY_CAP_MS = 5 * 60_000

/**
 * Exponential back-off with full jitter: a random wait up to the doubled ceiling, so that many devices
 * regaining the network at once do not retry in step.
 */
export function retryDelay(attempts: number, random: () => number): number {
  const ceiling = Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1))
  return Math.floor(random() * ceiling)
}

/** Retry-After in milliseconds from `now`: delay-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now: number): number | null {
  const text = value?.trim()
  if (!text) return null
  if (/^\d+$/.test(text)) return Number(text) * 1000
  // An HTTP date always names its weekday and month; this keeps Date.parse from reading '-5' as a year.
  const date = /[a-z]/i.test(text) ? Date.parse(text) : Number.NaN
  return Number.isNaN(date) ? null : Math.max(0, date - now)
}
