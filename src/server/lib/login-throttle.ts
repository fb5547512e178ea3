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
