import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { T } from '../../../src/shared/texts'
import { loadConfig } from '../../../src/server/config'
import { HttpError } from '../../../src/server/lib/http-errors'
import { loginDelay, passwordGuesses, type PasswordGuesses } from '../../../src/server/lib/login-throttle'
import { startTestApp, type TestApp } from '../../helpers/test-app'

const LOGIN = '/api/api-token-auth/'

describe('the per-login delay', () => {
  afterEach(() => vi.useRealTimers())
  const delay = () => loginDelay({ freeFailures: 5, firstDelayMs: 1000, maxDelayMs: 60_000, forgetMs: 15 * 60_000 })
  /** One failed attempt at the current time; returns what it had to wait (0 when it was let through). */
  const failOnce = (d: ReturnType<typeof delay>, login: string) => {
    const wait = d.begin(login)
    if (wait === 0) d.fail(login)
    return wait
  }

  it('lets a few failures pass, then doubles the interval between attempts up to the cap', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 0 })
    const d = delay()
    const waits: number[] = []
    for (let i = 0; i < 5; i++) expect(failOnce(d, 'admin')).toBe(0)
    for (let i = 0; i < 9; i++) {
      const wait = d.begin('admin')
      waits.push(wait)
      vi.setSystemTime(Date.now() + wait)
      expect(failOnce(d, 'admin')).toBe(0)
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000, 60_000])
    expect(d.begin('someone-else')).toBe(0)
  })

  it('counts an attempt from its start, so that attempts at the same time wait for the first', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 0 })
    const d = delay()
    for (let i = 0; i < 5; i++) expect(d.begin('admin')).toBe(0)
    expect(d.begin('admin')).toBe(1000)
  })

  it('keeps at most 10,000 logins and drops none whose pause runs: a new login then waits for one to end', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 0 })
    const d = delay()
    for (let k = 0; k < 10_000; k++) for (let i = 0; i < 6; i++) failOnce(d, `guessed${k}`)
    expect(d.begin('guessed0')).toBe(1000)
    expect(d.begin('newcomer')).toBe(1000)
    vi.setSystemTime(1000)
    expect(d.begin('newcomer')).toBe(0)
  })

  it('forgets after a success and after a quiet window', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 0 })
    const d = delay()
    for (let i = 0; i < 6; i++) failOnce(d, 'admin')
    d.succeed('admin')
    expect(d.begin('admin')).toBe(0)
    for (let i = 0; i < 6; i++) failOnce(d, 'operator')
    vi.setSystemTime(15 * 60_000 + 1)
    expect(d.begin('operator')).toBe(0)
  })
})

// Found by the attacker probe: past 10,000 logins the delay dropped the one tried least recently, and an attempt
// refused as busy before its hash still left its login behind, so 10,001 made-up logins cleared a running pause.
describe('a running pause and a flood of other logins', () => {
  afterEach(() => vi.useRealTimers())
  const busy = () => Promise.reject(new HttpError(429, { detail: T.signInsBusy(2), retry_after: 2 }))
  /** Eight wrong passwords of «viewer» from eight addresses, each after the pause before it: its next pause runs. */
  async function pausedViewer() {
    vi.useFakeTimers({ toFake: ['Date'], now: 0 })
    const g = passwordGuesses({ maxFailures: 10, addressMaxFailures: 1_000_000 })
    for (let i = 0; i < 8; i++) {
      expect(await g.check(`10.0.0.${i}`, 'viewer', async () => undefined)).toBeUndefined()
      vi.setSystemTime(Date.now() + 5000)
    }
    return g
  }
  const rightPassword = (g: PasswordGuesses) =>
    g
      .check('10.0.1.1', 'viewer', async () => 'right')
      .then(
        (answer) => answer,
        (error: HttpError) => error.statusCode,
      )

  it('outlives 10,001 made-up logins refused as busy', async () => {
    const g = await pausedViewer()
    expect(await rightPassword(g)).toBe(429)
    for (let k = 0; k <= 10_000; k++) await g.check(`10.0.2.${k % 20}`, `nobody${k}`, busy).catch(() => undefined)
    expect(await rightPassword(g)).toBe(429)
  })

  it('outlives 10,001 made-up logins checked and failed, and ends when its time is up', async () => {
    const g = await pausedViewer()
    for (let k = 0; k <= 10_000; k++) expect(await g.check(`10.0.3.${k % 200}`, `nobody${k}`, async () => undefined)).toBeUndefined()
    expect(await rightPassword(g)).toBe(429)
    vi.setSystemTime(Date.now() + 60_000)
    expect(await rightPassword(g)).toBe('right')
  })
})

describe('TRUST_PROXY', () => {
  it('is off by default and takes the forms of Fastify trustProxy', () => {
    expect(loadConfig({}).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true)
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2)
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1' }).trustProxy).toBe('10.0.0.1,10.1.0.0/16,::1')
    expect(loadConfig({ TRUST_PROXY: 'loopback,uniquelocal' }).trustProxy).toBe('loopback,uniquelocal')
    for (const wrong of ['yes', '10.0.0.300', '10.0.0.0/33', 'proxy.example.ru']) {
      expect(() => loadConfig({ TRUST_PROXY: wrong }), wrong).toThrow(/TRUST_PROXY/)
    }
  })
})

describe('sign-in attempts', () => {
  let t: TestApp
  let trusting: TestApp
  beforeAll(async () => {
    t = await startTestApp({ loginMaxFailures: 3 })
    trusting = await startTestApp({ loginMaxFailures: 3, config: { trustProxy: '127.0.0.1' } })
  })
  afterAll(async () => {
    await t.close()
    await trusting.close()
  })

  const attempt = (app: TestApp, username: string, password: string, headers: Record<string, string> = {}, remoteAddress?: string) =>
    app.app.inject({ method: 'POST', url: LOGIN, payload: { username, password }, headers, remoteAddress })

  it('ignores X-Forwarded-For unless proxies are trusted', async () => {
    const user = await t.userWith([])
    const codes: number[] = []
    for (let i = 1; i <= 30; i++) codes.push((await attempt(t, user.username, 'wrong-password', { 'x-forwarded-for': `203.0.113.${i}` })).statusCode)
    expect(codes.slice(0, 4)).toEqual([400, 400, 400, 429])
    expect(codes.slice(3).every((code) => code === 429)).toBe(true)
    const right = await attempt(t, user.username, 'password-123', { 'x-forwarded-for': '198.51.100.7' })
    expect(right.statusCode).toBe(429)
    expect(right.json()).toMatchObject({ detail: T.tooManyLogins })
  })

  it('takes the client address from X-Forwarded-For when the proxy is trusted', async () => {
    const user = await trusting.userWith([])
    for (let i = 0; i < 3; i++) expect((await attempt(trusting, user.username, 'wrong-password', { 'x-forwarded-for': '203.0.113.1' })).statusCode).toBe(400)
    expect((await attempt(trusting, user.username, 'wrong-password', { 'x-forwarded-for': '203.0.113.1' })).statusCode).toBe(429)
    expect((await attempt(trusting, user.username, 'password-123', { 'x-forwarded-for': '203.0.113.2' })).statusCode).toBe(200)
  })

  it('slows down guessing one login from many addresses, and holds the right password while the delay runs', async () => {
    const user = await t.userWith([])
    const codes: number[] = []
    for (let i = 1; i <= 30; i++) codes.push((await attempt(t, user.username, 'wrong-password', {}, `10.0.0.${i}`)).statusCode)
    expect(codes.slice(0, 6)).toEqual([400, 400, 400, 400, 400, 429])
    expect(codes.filter((code) => code === 400).length).toBeLessThanOrEqual(6)
    const held = await attempt(t, user.username, 'password-123', {}, '10.0.1.1')
    expect(held.statusCode).toBe(429)
    expect(held.json()).toEqual({ detail: T.tooManyLogins, retry_after: expect.any(Number) })
    const retryAfter = held.json().retry_after as number
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000))
    expect((await attempt(t, user.username, 'password-123', {}, '10.0.1.1')).statusCode).toBe(200)
    // The success forgets the failures: the owner's next mistake is not delayed.
    expect((await attempt(t, user.username, 'wrong-password', {}, '10.0.1.1')).statusCode).toBe(400)
  })
})

describe('failures from one address, whatever the login', () => {
  const guesses = () => passwordGuesses({ maxFailures: 10, addressMaxFailures: 4 })
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: HttpError) => ({ status: error.statusCode, body: error.body }),
    )

  it('are capped, so that a new made-up login per attempt meets 429 too, and a right password from there waits as well', async () => {
    const g = guesses()
    for (let i = 0; i < 4; i++) expect(await g.check('203.0.113.9', `nouser${i}`, async () => undefined)).toBeUndefined()
    let checked = false
    const blocked = await refusal(
      g.check('203.0.113.9', 'nouser-next', async () => {
        checked = true
        return undefined
      }),
    )
    expect(blocked).toEqual({ status: 429, body: { detail: T.tooManyLoginsFromAddress, retry_after: 15 * 60 } })
    expect(checked).toBe(false)
    expect(await refusal(g.check('203.0.113.9', 'admin', async () => 'right'))).toMatchObject({ status: 429 })
    expect(await g.check('198.51.100.1', 'admin', async () => 'right')).toBe('right')
  })

  // Probe: twelve loops sending a subscriber's right password kept both hashing slots and the eight waiting places
  // full; staff signing in meanwhile got «Сервер занят проверкой входов» nine times out of ten.
  it("check one login's password at a time, so that a right password sent at once again and again holds one slot", async () => {
    const g = guesses()
    let release!: () => void
    const held = new Promise<string>((resolve) => (release = () => resolve('right')))
    let checks = 0
    const flood = Array.from({ length: 12 }, () => refusal(g.check('203.0.113.9', 'abonent', () => (checks++, held))))
    expect(await g.check('203.0.113.9', 'operator', async () => 'right')).toBe('right')
    release()
    const answers = await Promise.all(flood)
    expect(checks).toBe(1)
    expect(answers.filter((answer) => answer?.status === 429)).toEqual(
      Array(11).fill({ status: 429, body: { detail: T.passwordBeingChecked, retry_after: 1 } }),
    )
    // Once the check is over, the login is checked again.
    expect(await g.check('203.0.113.9', 'abonent', async () => 'right')).toBe('right')
  })

  it('count from the start of an attempt, so that attempts sent at once cannot all pass, and not a right or unchecked one', async () => {
    const g = guesses()
    let release!: () => void
    const held = new Promise<undefined>((resolve) => (release = () => resolve(undefined)))
    let checks = 0
    const attempts = Array.from({ length: 10 }, (_, i) => refusal(g.check('203.0.113.9', `nouser${i}`, () => (checks++, held))))
    release()
    const answers = await Promise.all(attempts)
    expect(checks).toBe(4)
    expect(answers.filter((answer) => answer?.status === 429)).toHaveLength(6)
    // Attempts refused as busy count neither per address nor per login: the owner retrying through a flood is not delayed.
    const busy = guesses()
    const refused = () => Promise.reject(new Error('busy'))
    for (let i = 0; i < 8; i++) await expect(busy.check('203.0.113.9', 'admin', refused)).rejects.toThrow('busy')
    expect(await busy.check('203.0.113.9', 'admin', async () => 'right')).toBe('right')
    // Right passwords give back their count: an office signing in all day is never paused by its own successes.
    const office = guesses()
    for (let i = 0; i < 20; i++) expect(await office.check('192.0.2.1', `user${i}`, async () => 'right')).toBe('right')
  })
})
