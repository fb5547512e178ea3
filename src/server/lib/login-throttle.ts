/** Counts failed sign-ins per key (address and login) and blocks the key for the rest of the window past the limit. */
export function loginThrottle(options: { maxFailures: number; windowMs: number }) {
  const failures = new Map<string, { count: number; since: number }>()
  const current = (key: string) => {
    const entry = failures.get(key)
    if (entry && Date.now() - entry.since > options.windowMs) {
      failures.delete(key)
      return undefined
    }
    return entry
  }
  return {
    /** Milliseconds until the key may try again; 0 when it may now. */
    blockedFor(key: string): number {
      const entry = current(key)
      if (!entry || entry.count < options.maxFailures) return 0
      return entry.since + options.windowMs - Date.now()
    },
    fail(key: string) {
      const entry = current(key)
      if (entry) entry.count++
      else failures.set(key, { count: 1, since: Date.now() })
      if (failures.size > 10_000) failures.delete(failures.keys().next().value as string)
    },
    succeed(key: string) {
      failures.delete(key)
    },
  }
}

/**
 * Slows down guessing one login from any number of addresses. Past `freeFailures` failures the next attempt must
 * wait `firstDelayMs` after the last failure, twice as long after each further one, up to `maxDelayMs`: unlike a
 * lockout, the owner waits at most `maxDelayMs` once the guessing stops. An attempt counts as failed from its start
 * (a success clears the count), so that attempts sent at the same time cannot all pass before one has failed.
 */
export function loginDelay(options: { freeFailures: number; firstDelayMs: number; maxDelayMs: number; forgetMs: number }) {
  const logins = new Map<string, { failures: number; last: number }>()
  const delayAfter = (failures: number) =>
    failures < options.freeFailures ? 0 : Math.min(options.firstDelayMs * 2 ** (failures - options.freeFailures), options.maxDelayMs)
  return {
    /** Milliseconds until the login may be tried again; 0 when it may now, and then the attempt is counted. */
    begin(login: string): number {
      const now = Date.now()
      const entry = logins.get(login)
      if (entry && now - entry.last <= options.forgetMs) {
        const wait = entry.last + delayAfter(entry.failures) - now
        if (wait > 0) return wait
      }
      const failures = entry && now - entry.last <= options.forgetMs ? entry.failures + 1 : 1
      // Re-inserted so that the map's first entries are the ones tried least recently, dropped when it is full.
      logins.delete(login)
      logins.set(login, { failures, last: now })
      if (logins.size > 10_000) logins.delete(logins.keys().next().value as string)
      return 0
    },
    /** The delay runs from the answer to a failed attempt, however long checking the password took. */
    fail(login: string) {
      const entry = logins.get(login)
      if (entry) entry.last = Date.now()
    },
    succeed(login: string) {
      logins.delete(login)
    },
  }
}
