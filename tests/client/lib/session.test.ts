import { afterEach, describe, expect, it, vi } from 'vitest'
import { session } from '../../../src/client/lib/session'

const HOUR = 3600_000

/** A token as the server signs it: only its payload matters to the console. */
function tokenIssued(iatMs: number, lifetimeMs: number): string {
  const payload = btoa(JSON.stringify({ userId: 1, iat: Math.floor(iatMs / 1000), exp: Math.floor((iatMs + lifetimeMs) / 1000) }))
  return `header.${payload.replace(/=+$/, '')}.signature`
}

afterEach(() => {
  vi.useRealTimers()
  localStorage.clear()
})

describe('the token on the device', () => {
  it('runs out its lifetime after it was received by the device clock, whatever the server clock said', () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T08:00:00Z') })
    // The server's clock is five hours behind the tablet's.
    session.signIn(tokenIssued(Date.now() - 5 * HOUR, 12 * HOUR))
    vi.advanceTimersByTime(11 * HOUR)
    expect(session.expired()).toBe(false)
    vi.advanceTimersByTime(HOUR)
    expect(session.expired()).toBe(true)
    session.signOut()
    expect(session.expired()).toBe(false)
  })

  it('never runs out when the token names no lifetime', () => {
    session.signIn('not-a-jwt')
    expect(session.expired()).toBe(false)
  })
})
