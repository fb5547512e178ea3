import { T } from '../../shared/texts'
import { HttpError } from './http-errors'

/**
 * The most keys a count keeps (logins of up to 150 characters, addresses): a few megabytes. Only checked attempts add
 * keys, each a scrypt hash, so filling it takes 10,000 hashes of the two the server runs at once.
 */
const KEYS_KEPT = 10_000

/**
 * Makes room for one more key: drops the key tried least recently whose pause is over (a forgotten one is). A key
 * whose pause still runs is never dropped, or 10,001 made-up logins would end it; false when every key's pause runs.
 */
function makeRoom<E>(entries: Map<string, E>, pausing: (entry: E) => boolean): boolean {
  if (entries.size < KEYS_KEPT) return true
  for (const [key, entry] of entries) {
    if (!pausing(entry)) {
      entries.delete(key)
      return true
    }
  }
  return false
}

/** Counts failures per key (an address, or an address and a login) and blocks the key for the rest of the window past the limit. */
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
    /** Counts a failure; a new key that finds every kept key blocked is not counted (see KEYS_KEPT for the cost). */
    fail(key: string) {
      const entry = current(key)
      if (entry) entry.count++
      else if (makeRoom(failures, (e) => e.count >= options.maxFailures && Date.now() - e.since <= options.windowMs))
        failures.set(key, { count: 1, since: Date.now() })
    },
    succeed(key: string) {
      failures.delete(key)
    },
    /** Takes back one failure counted ahead, for an attempt that turned out right or could not be checked. */
    forgive(key: string) {
      const entry = current(key)
      if (entry && --entry.count <= 0) failures.delete(key)
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
  const pausing = (entry: { failures: number; last: number }) => Date.now() < entry.last + delayAfter(entry.failures)
  return {
    /**
     * Milliseconds until the login may be tried again; 0 when it may now, and then the attempt is counted. A new login
     * finding every kept login paused waits as they do, for the first pause (its memory is never cleared to make room).
     */
    begin(login: string): number {
      const now = Date.now()
      const entry = logins.get(login)
      const known = entry && now - entry.last <= options.forgetMs ? entry : undefined
      if (known) {
        const wait = known.last + delayAfter(known.failures) - now
        if (wait > 0) return wait
      }
      // Re-inserted so that the map's first entries are the ones tried least recently, the first to be dropped.
      logins.delete(login)
      if (!known && !makeRoom(logins, pausing)) return options.firstDelayMs
      logins.set(login, { failures: known ? known.failures + 1 : 1, last: now })
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
    /**
     * Takes back the count of an attempt that could not be checked (the server was busy): neither failed nor right.
     * A login left without failures is forgotten, so that attempts refused before their hash keep no room.
     */
    forgive(login: string) {
      const entry = logins.get(login)
      if (entry && --entry.failures <= 0) logins.delete(login)
    },
  }
}

/**
 * Failed password checks from one address in 15 minutes, whatever the login: each unknown login still costs a full
 * scrypt hash, and a new made-up login per attempt never meets the per-login limits. Five logins' worth of
 * `loginMaxFailures`, so that an office behind one NAT address where several people mistype stays well under it,
 * while a guesser gets about three hashes a minute from an address.
 */
const ADDRESS_MAX_FAILURES = 50

/**
 * One count of password guesses per login, whatever asks for the password: the sign-in, and the current password of
 * one's own change (a token left on a tablet must not guess it without end). The pauses of docs/security.md hold:
 * per address and login, per login from all addresses, and per address whatever the login. A right password is
 * refused too while a pause runs, and while the same login's password is being checked.
 */
export function passwordGuesses(options: { maxFailures: number; addressMaxFailures?: number }) {
  const throttle = loginThrottle({ maxFailures: options.maxFailures, windowMs: 15 * 60_000 })
  const addresses = loginThrottle({ maxFailures: options.addressMaxFailures ?? ADDRESS_MAX_FAILURES, windowMs: 15 * 60_000 })
  // Failures of one login from all addresses together: 5 pass, then 1 s, 2 s, 4 s... up to a minute between attempts.
  const delay = loginDelay({ freeFailures: 5, firstDelayMs: 1000, maxDelayMs: 60_000, forgetMs: 15 * 60_000 })
  // One check of a login's password at a time: whoever knows a password, sending it again and again at once, would
  // otherwise hold every hashing slot and waiting place (lib/password) and have everyone else's sign-in refused as busy.
  const checking = new Set<string>()
  return {
    /** What `attempt` answers for a right password, undefined for a wrong one; 429 while a pause of this login runs. */
    async check<R>(address: string, username: string, attempt: () => Promise<R | undefined>): Promise<R | undefined> {
      const login = username.toLowerCase()
      const key = `${address}|${login}`
      const fromAddress = addresses.blockedFor(address)
      if (fromAddress > 0) throw new HttpError(429, { detail: T.tooManyLoginsFromAddress, retry_after: Math.ceil(fromAddress / 1000) })
      if (checking.has(login)) throw new HttpError(429, { detail: T.passwordBeingChecked, retry_after: 1 })
      const retryAfter = throttle.blockedFor(key) || delay.begin(login)
      if (retryAfter > 0) throw new HttpError(429, { detail: T.tooManyLogins, retry_after: Math.ceil(retryAfter / 1000) })
      // Counted from its start, as the login's delay is, so that a flood sent at once cannot all pass before one fails.
      addresses.fail(address)
      checking.add(login)
      let right: R | undefined
      try {
        right = await attempt()
      } catch (error) {
        // Refused as busy (or failed): the owner retrying through a flood must not pile up a delay.
        addresses.forgive(address)
        delay.forgive(login)
        throw error
      } finally {
        checking.delete(login)
      }
      if (right !== undefined) {
        throttle.succeed(key)
        delay.succeed(login)
        // Only this attempt: the failures of others behind the same address still count.
        addresses.forgive(address)
      } else {
        throttle.fail(key)
        delay.fail(login)
      }
      return right
    },
  }
}

export type PasswordGuesses = ReturnType<typeof passwordGuesses>
