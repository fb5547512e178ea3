import { PassThrough } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { accountEmails } from '../../../src/server/db/schema'
import { T } from '../../../src/shared/texts'
import { ADMIN, startTestApp, type TestApp } from '../../helpers/test-app'

const SMTP_PASSWORD = 'Smtp-Secret-4242'
const NEW_PASSWORD = 'User-Secret-7777'
const JWT_SECRET = 'test-secret-test-secret-test-secret-0123'

let t: TestApp
let logs = ''
const answers: string[] = []

beforeAll(async () => {
  const stream = new PassThrough()
  stream.on('data', (chunk) => (logs += chunk.toString()))
  t = await startTestApp({ logStream: stream })
})
afterAll(() => t.close())

async function record(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) {
  const res = await t.call(t.adminToken, { method, url, payload: payload as never })
  answers.push(JSON.stringify(res.headers) + res.body)
  return res
}

describe('headers and secrets', () => {
  it('sends security headers with a CSP the console passes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/' })
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    const csp = String(res.headers['content-security-policy'])
    expect(csp).toContain("default-src 'self'")
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(res.headers['x-powered-by']).toBeUndefined()
  })

  // Found from the attacker's side: a signed-in answer without Cache-Control stayed in the browser's HTTP cache, and on a
  // shared tablet the next user read it there after sign-out, with no token (fetch with cache: 'only-if-cached').
  it('tells the browser to keep no API answer: every GET route of the route table, and the sign-in', async () => {
    const kept: string[] = []
    for (const route of t.app.apiRoutes.filter((r) => r.method === 'GET')) {
      const url = route.url.replace(/:[A-Za-z_]+/g, '1').replace(/\*$/, '1')
      const res = await t.call(t.adminToken, { method: 'GET', url })
      if (!String(res.headers['cache-control']).includes('no-store')) kept.push(`${url} ${res.statusCode} ${res.headers['cache-control']}`)
    }
    const login = await t.app.inject({ method: 'POST', url: '/api/api-token-auth/', payload: { username: ADMIN.username, password: ADMIN.password } })
    if (!String(login.headers['cache-control']).includes('no-store')) kept.push(`sign-in ${login.headers['cache-control']}`)
    expect(kept).toEqual([])
  })

  it('never answers or logs a password, a password hash, an SMTP password or the JWT secret', async () => {
    await t.login(ADMIN.username, ADMIN.password)
    await t.app.inject({ method: 'POST', url: '/api/api-token-auth/', payload: { username: ADMIN.username, password: 'Wrong-Secret-1' } })
    const created = await record('POST', '/api/users/', {
      username: 'secretive',
      first_name: 'С',
      last_name: 'С',
      email: 's@example.ru',
      password: NEW_PASSWORD,
    })
    await record('PATCH', `/api/users/${created.json().user_id}/`, { password: `${NEW_PASSWORD}-2` })
    await record('GET', '/api/users/')
    await record('GET', `/api/users/${created.json().user_id}/`)
    await record('GET', '/api/users/me/')
    const email = await record('POST', '/api/account_emails/', {
      name: 'Почта',
      smtp_host: 'smtp.example.ru',
      smtp_port: 465,
      smtp_user: 'robot',
      smtp_password: SMTP_PASSWORD,
      smtp_encryption: 'SSL',
    })
    expect(email.json()).toMatchObject({ has_password: true })
    await record('GET', '/api/account_emails/')
    await record('GET', `/api/account_emails/${email.json().account_email_id}/`)
    const everything = answers.join('\n')
    const logged = logs
    expect(logged.length).toBeGreaterThan(0)
    for (const secret of [NEW_PASSWORD, SMTP_PASSWORD, JWT_SECRET, 'Wrong-Secret-1', ADMIN.password, 'scrypt$', 'smtp_password_sealed']) {
      expect(everything, `answer holds ${secret}`).not.toContain(secret)
      expect(logged, `log holds ${secret}`).not.toContain(secret)
    }
    expect(logged).not.toMatch(/authorization/i)
  })

  // Found from the attacker's side: a new host kept the sealed password, and the next mail logged in there with it.
  it('does not carry a stored SMTP password to another server, port or login', async () => {
    const mailbox = { name: 'Рассылка', smtp_host: 'smtp.example.ru', smtp_port: 465, smtp_user: 'robot', smtp_encryption: 'SSL' }
    const created = await record('POST', '/api/account_emails/', { ...mailbox, smtp_password: SMTP_PASSWORD })
    const url = `/api/account_emails/${created.json().account_email_id}/`
    const moves = [
      { smtp_host: 'attacker.example', smtp_port: 587, smtp_encryption: 'STARTTLS' },
      { smtp_port: 2525 },
      { smtp_user: 'someone-else' },
      // As the console sends it: the whole form, the password field left empty.
      { ...mailbox, smtp_host: 'attacker.example', smtp_password: '' },
    ]
    for (const move of moves) {
      const res = await record('PATCH', url, move)
      expect(res.statusCode, JSON.stringify(move)).toBe(400)
      expect(res.json()).toEqual({ smtp_password: [T.smtpPasswordAgain] })
    }
    expect((await record('GET', url)).json()).toMatchObject({ ...mailbox, has_password: true })

    // The same server keeps it; a new one takes the password typed anew.
    expect((await record('PATCH', url, { ...mailbox, name: 'Рассылка 2', smtp_password: '' })).json()).toMatchObject({ has_password: true })
    const moved = await record('PATCH', url, { smtp_host: 'smtp2.example.ru', smtp_password: `${SMTP_PASSWORD}-2` })
    expect(moved.json()).toMatchObject({ smtp_host: 'smtp2.example.ru', has_password: true })
    const [row] = await t.database.db.select().from(accountEmails).where(eq(accountEmails.account_email_id, created.json().account_email_id))
    expect(t.app.box.open(row!.smtp_password_sealed)).toBe(`${SMTP_PASSWORD}-2`)

    // Nothing stored, nothing to carry.
    const open = await record('POST', '/api/account_emails/', { ...mailbox, name: 'Без пароля', smtp_password: '' })
    const relay = await record('PATCH', `/api/account_emails/${open.json().account_email_id}/`, { smtp_host: 'relay.example.ru' })
    expect(relay.json()).toMatchObject({ smtp_host: 'relay.example.ru', has_password: false })
  })

  // A mailbox moved to a relay that takes mail without a login: no user, so the stored password has no one to log
  // in as; it was refused with «введите пароль SMTP заново» and could only be kept by typing one in.
  it('forgets the stored SMTP password when the mailbox is left without a login', async () => {
    const mailbox = { name: 'Рассылка', smtp_host: 'smtp.example.ru', smtp_port: 465, smtp_user: 'robot', smtp_encryption: 'SSL' }
    const created = await record('POST', '/api/account_emails/', { ...mailbox, smtp_password: SMTP_PASSWORD })
    const url = `/api/account_emails/${created.json().account_email_id}/`
    const relay = await record('PATCH', url, { ...mailbox, smtp_host: 'relay.example.ru', smtp_port: 25, smtp_user: '', smtp_password: '' })
    expect(relay.statusCode).toBe(200)
    expect(relay.json()).toMatchObject({ smtp_host: 'relay.example.ru', smtp_user: '', has_password: false })
    const [row] = await t.database.db.select().from(accountEmails).where(eq(accountEmails.account_email_id, created.json().account_email_id))
    expect(row!.smtp_password_sealed).toBe('')

    // A password typed with no login is not kept either: nothing would ever send it.
    const loose = await record('POST', '/api/account_emails/', { ...mailbox, smtp_user: '', smtp_password: SMTP_PASSWORD })
    expect(loose.json()).toMatchObject({ smtp_user: '', has_password: false })
  })
})
