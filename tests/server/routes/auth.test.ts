import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HASH_RETRY_AFTER_S } from '../../../src/server/lib/password'
import { T } from '../../../src/shared/texts'
import { USER_PASSWORD } from '../../helpers/factories'
import { ADMIN, startTestApp, type TestApp } from '../../helpers/test-app'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp({ loginMaxFailures: 3 })
})
afterAll(() => t.close())

describe('POST /api/api-token-auth/', () => {
  it('gives a token that opens /api/users/me/ with the JWT scheme and with Bearer', async () => {
    const token = await t.login(ADMIN.username, ADMIN.password)
    for (const scheme of ['JWT', 'Bearer']) {
      const me = await t.app.inject({ method: 'GET', url: '/api/users/me/', headers: { authorization: `${scheme} ${token}` } })
      expect(me.statusCode).toBe(200)
      expect(me.json()).toMatchObject({ username: 'admin', first_name: 'Администратор', is_stuff: true })
      expect(me.json().permissions).toContain('users.manage')
      expect(me.json()).not.toHaveProperty('password_hash')
    }
  })

  it('answers 400 with the console message for a wrong password or an unknown user', async () => {
    for (const payload of [
      { username: ADMIN.username, password: 'wrong-password' },
      { username: 'nobody', password: 'whatever1' },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/api-token-auth/', payload })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ non_field_errors: [T.loginFailed] })
    }
  })

  // From an attacker probe: names are kept in one spelling (NFC, no invisible characters), the login was compared as typed.
  it('signs in a login typed in another spelling of the same name: decomposed letters, invisible characters', async () => {
    await t.userWith([], { username: 'Йод' })
    for (const username of ['И\u0306од', 'Й\u200bод']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/api-token-auth/', payload: { username, password: USER_PASSWORD } })
      expect(res.statusCode, username).toBe(200)
    }
  })

  it('tells a disabled account that knows its password to see the administrator, and a wrong password nothing more', async () => {
    const disabled = await t.userWith([], { is_active: false })
    const sent = (password: string) => t.app.inject({ method: 'POST', url: '/api/api-token-auth/', payload: { username: disabled.username, password } })
    const right = await sent(USER_PASSWORD)
    expect(right.statusCode).toBe(400)
    expect(right.json()).toEqual({ non_field_errors: [T.accountDisabled] })
    expect((await sent('wrong-password')).json()).toEqual({ non_field_errors: [T.loginFailed] })
  })

  it('answers 400 with field messages for missing fields and for a body that is not JSON', async () => {
    const empty = await t.app.inject({ method: 'POST', url: '/api/api-token-auth/', payload: {} })
    expect(empty.statusCode).toBe(400)
    expect(empty.json()).toEqual({ username: [T.required], password: [T.required] })
    const broken = await t.app.inject({ method: 'POST', url: '/api/api-token-auth/', headers: { 'content-type': 'application/json' }, payload: '{"username":' })
    expect(broken.statusCode).toBe(400)
    expect(broken.json()).toEqual({ detail: T.badJson })
    const wrongTypes = await t.app.inject({ method: 'POST', url: '/api/api-token-auth/', payload: { username: 5, password: ['x'] } })
    expect(wrongTypes.statusCode).toBe(400)
  })

  it('pauses a login after repeated failures, with 429', async () => {
    const payload = { username: 'operator-x', password: 'bad-password' }
    const codes: number[] = []
    for (let i = 0; i < 5; i++) codes.push((await t.app.inject({ method: 'POST', url: '/api/api-token-auth/', payload })).statusCode)
    expect(codes).toEqual([400, 400, 400, 429, 429])
    const res = await t.app.inject({ method: 'POST', url: '/api/api-token-auth/', payload })
    expect(res.json().detail).toBe(T.tooManyLogins)
  })

  // Twelve scrypt hashes of 128 MiB each: on a busy machine, longer than the project's 30 s.
  it('checks two passwords at once and eight in turn, and answers one more sign-in 429 at once', async () => {
    // Made-up logins from addresses of their own, as a flood meets none of the failure counts: the dummy hash each.
    const flood = await Promise.all(
      Array.from({ length: 11 }, (_, i) =>
        t.app.inject({ method: 'POST', url: '/api/api-token-auth/', payload: { username: `nouser${i}`, password: 'x' }, remoteAddress: `10.9.0.${i + 1}` }),
      ),
    )
    expect(flood.filter((res) => res.statusCode === 400)).toHaveLength(10)
    const refused = flood.filter((res) => res.statusCode === 429)
    expect(refused.map((res) => res.json())).toEqual([{ detail: T.signInsBusy(HASH_RETRY_AFTER_S), retry_after: HASH_RETRY_AFTER_S }])
    expect(refused[0]!.headers['retry-after']).toBe(String(HASH_RETRY_AFTER_S))
    // Once the line is free, the refused one is checked.
    const index = flood.indexOf(refused[0]!)
    const retried = await t.app.inject({
      method: 'POST',
      url: '/api/api-token-auth/',
      payload: { username: `nouser${index}`, password: 'x' },
      remoteAddress: `10.9.0.${index + 1}`,
    })
    expect(retried.statusCode).toBe(400)
    expect(await t.login(ADMIN.username, ADMIN.password)).toBeTruthy()
  }, 90_000)
})

describe('the JWT header on every other call', () => {
  it('answers 401 without a token, with a forged one and with an expired one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me/' })).statusCode).toBe(401)
    const forged = await t.call('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl', { method: 'GET', url: '/api/users/me/' })
    expect(forged.statusCode).toBe(401)
    const { createSigner } = await import('fast-jwt')
    const expired = createSigner({ key: 'test-secret-test-secret-test-secret-0123', expiresIn: 1, clockTimestamp: Date.now() - 60_000 })({ sub: '1' })
    const res = await t.call(expired, { method: 'GET', url: '/api/users/me/' })
    expect(res.statusCode).toBe(401)
    expect(res.json().detail).toBe(T.tokenInvalid)
    // Signed with the server's key but without an expiry, a token would open the API for ever.
    const admin = await t.database.db.execute(sql`select user_id, credential_version from users where username = ${ADMIN.username}`)
    const { user_id: userId, credential_version: cv } = admin.rows[0] as { user_id: number; credential_version: number }
    const endless = createSigner({ key: 'test-secret-test-secret-test-secret-0123' })({ sub: String(userId), cv })
    const endlessAnswer = await t.call(endless, { method: 'GET', url: '/api/users/me/' })
    expect(endlessAnswer.statusCode).toBe(401)
    expect(endlessAnswer.json().detail).toBe(T.tokenInvalid)
  })

  it('sends a user without is_stuff away from staff routes but answers /me/', async () => {
    const subscriber = await t.userWith(['users.view'], { is_stuff: false })
    expect((await t.call(subscriber.token, { method: 'GET', url: '/api/users/' })).statusCode).toBe(403)
    const me = await t.call(subscriber.token, { method: 'GET', url: '/api/users/me/' })
    expect(me.statusCode).toBe(200)
    expect(me.json().is_stuff).toBe(false)
  })

  it('keeps /api/health/ public', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ status: 'ok', database: 'ok' })
  })

  it('answers unknown API paths with 404 JSON', async () => {
    const res = await t.call(t.adminToken, { method: 'GET', url: '/api/no-such-thing/' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ detail: T.notFound })
  })
})
