import { readFileSync } from 'node:fs'
import { PassThrough } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { buildApp } from '../../../../src/server/app'
import { pointCounters } from '../../../../src/server/db/schema'
import { SEALED_FORMAT, secretBox } from '../../../../src/server/lib/secret-box'
import { T } from '../../../../src/shared/texts'
import { startRegistryApp, type RegistryApp } from '../../../helpers/test-app'

// A meter's access password (conn_params.password) is write-only: sealed at rest, answered as set or not set.

const PASSWORD = '918273'
const REPLACED = '564738'

let t: RegistryApp
let viewer: { token: string }
let n = 0
let logs = ''

beforeAll(async () => {
  const stream = new PassThrough()
  stream.on('data', (chunk) => (logs += chunk.toString()))
  t = await startRegistryApp({ logStream: stream })
  viewer = await t.userWith(['counters.view'])
})
afterAll(() => t.close())

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = t.adminToken, headers: Record<string, string> = {}) =>
  t.call(token, { method, url, payload, headers })

/** A new point with a Mercury 230 installed on it, its password set. */
async function installedMeter(conn: Record<string, string> = { password: PASSWORD }) {
  n++
  const pointId = await t.make.point()
  const res = await call('POST', '/api/counters/create_and_install/', {
    serial_num: `SEC-${n}`,
    model_id: t.refs.modelIds['Меркурий 230 ART'],
    coeff: 1,
    coeff_voltage: 1,
    point_id: pointId,
    operation_date: '2024-03-01T09:00:00.000Z',
    conn_params: { host: '10.0.0.9', net_address: String(n), ...conn },
  })
  expect(res.statusCode, res.body).toBe(201)
  return { counterId: res.json().counter_id as number, pointId, answer: res.body }
}

async function storedPassword(counterId: number): Promise<string | undefined> {
  const rows = await t.database.db.select({ conn: pointCounters.conn_params }).from(pointCounters).where(eq(pointCounters.counter_id, counterId))
  return rows[0]?.conn.password
}

const passwordParam = (answer: { par_name: string }[]) => answer.find((p) => p.par_name === 'password')

/** Every GET of the API, path parameters filled with the meter's and the point's ids, queries naming both. */
async function everyAnswer(ids: number[], query: string, token: string): Promise<string[]> {
  const bodies: string[] = []
  for (const route of t.app.apiRoutes.filter((r) => r.method === 'GET' && !r.url.includes('*'))) {
    for (const id of ids) {
      const res = await call('GET', `${route.url.replace(/:[A-Za-z_]+/g, String(id))}?${query}`, undefined, token)
      bodies.push(`${route.url} ${res.statusCode} ${res.body}`)
    }
  }
  return bodies
}

describe('meter passwords are write-only', () => {
  it('answers and logs no password on any route, to a viewer or to the administrator, only whether one is set', async () => {
    const meter = await installedMeter()
    const changed = await call('PUT', `/api/point_counter/${meter.counterId}/update_conn_params/`, { conn_params: { password: REPLACED } })
    expect(changed.statusCode).toBe(200)
    expect(passwordParam(changed.json())).toEqual({ par_name: 'password', description: 'Пароль', par_value: '', required: false, is_set: true })
    const conn = await call('GET', `/api/counters/${meter.counterId}/conn_params/`, undefined, viewer.token)
    expect(passwordParam(conn.json())).toMatchObject({ par_value: '', is_set: true })
    expect(conn.json().find((p: { par_name: string }) => p.par_name === 'host')).toEqual({
      par_name: 'host',
      description: expect.any(String),
      par_value: '10.0.0.9',
      required: true,
    })

    const query = `counter_id=${meter.counterId}&point_id=${meter.pointId}&entity=counter&entity_id=${meter.counterId}&page_size=500`
    const answers = [meter.answer, changed.body, ...(await everyAnswer([meter.counterId, meter.pointId], query, t.adminToken))]
    answers.push(...(await everyAnswer([meter.counterId], query, viewer.token)))
    expect(answers.some((a) => a.startsWith('/api/audit/ 200') && a.includes('conn_params'))).toBe(true)
    const sealed = (await storedPassword(meter.counterId))!
    for (const secret of [PASSWORD, REPLACED, sealed]) expect(answers.filter((a) => a.includes(secret))).toEqual([])
    expect(logs.length).toBeGreaterThan(0)
    for (const secret of [PASSWORD, REPLACED, sealed]) expect(logs, `log holds ${secret}`).not.toContain(secret)
  })

  it('keeps it sealed at rest and out of the audit, the history and stored answers', async () => {
    const meter = await installedMeter({})
    await call('PUT', `/api/point_counter/${meter.counterId}/update_conn_params/`, { conn_params: { password: PASSWORD } }, t.adminToken, {
      'idempotency-key': `seal-${n}`,
    })
    const stored = (await storedPassword(meter.counterId))!
    expect(stored).not.toBe(PASSWORD)
    expect(t.app.box.open(stored)).toBe(PASSWORD)
    const texts = await t.database.db.execute(sql`
      select coalesce(before::text, '') || coalesce(after::text, '') || coalesce(remark, '') as text from audit_log
      union all select comment from counter_operations
      union all select coalesce(response::text, '') from idempotency_keys`)
    const rows = (texts.rows as { text: string }[]).map((r) => r.text)
    expect(rows.filter((text) => text.includes(PASSWORD) || text.includes(stored))).toEqual([])
    const trail = (await call('GET', `/api/audit/?entity=counter&entity_id=${meter.counterId}`)).json().results
    expect(trail.find((e: { action: string }) => e.action === 'conn_params')).toMatchObject({
      before: { password: '' },
      after: { password: T.secretSet },
      remark: 'password',
    })
  })

  it('replaces the password, keeps it when untouched and clears it', async () => {
    const meter = await installedMeter()
    const url = `/api/point_counter/${meter.counterId}/update_conn_params/`
    const replaced = await call('PUT', url, { conn_params: { password: REPLACED } })
    expect(passwordParam(replaced.json())).toMatchObject({ is_set: true })
    expect(t.app.box.open((await storedPassword(meter.counterId))!)).toBe(REPLACED)
    const untouched = await call('PUT', url, { conn_params: { timeout_ms: '4000' } })
    expect(passwordParam(untouched.json())).toMatchObject({ is_set: true })
    expect(t.app.box.open((await storedPassword(meter.counterId))!)).toBe(REPLACED)
    const cleared = await call('PUT', url, { conn_params: { password: '' } })
    expect(passwordParam(cleared.json())).toMatchObject({ par_value: '', is_set: false })
    expect(await storedPassword(meter.counterId)).toBe('')
    const trail = (await call('GET', `/api/audit/?entity=counter&entity_id=${meter.counterId}`)).json().results
    expect(trail.find((e: { action: string; after: { password: string } }) => e.action === 'conn_params' && e.after.password === '')).toMatchObject({
      before: { password: T.secretSet },
    })
  })

  // Found from the installer's side: a new port kept the password, and the next poll sent it in clear to a listener there.
  it('does not carry a stored password to another host, port, source or net address', async () => {
    const meter = await installedMeter()
    const url = `/api/point_counter/${meter.counterId}/update_conn_params/`
    const sealed = await storedPassword(meter.counterId)
    const history = async () => (await call('GET', `/api/counteropers/?counter_id=${meter.counterId}`)).json().count as number
    const operations = await history()
    for (const moved of [{ port: '18777' }, { host: '10.6.6.6' }, { net_address: '200' }, { host: '10.0.0.9', port: '4002' }]) {
      const res = await call('PUT', url, { conn_params: moved })
      expect(res.statusCode, JSON.stringify(moved)).toBe(400)
      expect(res.json()).toEqual({ 'conn_params.password': [T.secretAddressChanged] })
    }
    expect(await storedPassword(meter.counterId)).toBe(sealed)
    expect(await history()).toBe(operations)

    // A lorawandb meter is not polled: its source may change, but turning back to TCP asks again.
    expect((await call('PUT', url, { conn_params: { source: 'lorawandb' } })).statusCode).toBe(200)
    expect((await call('PUT', url, { conn_params: { source: 'TCP' } })).json()).toEqual({ 'conn_params.password': [T.secretAddressChanged] })

    const retyped = await call('PUT', url, { conn_params: { source: 'TCP', port: '18777', password: REPLACED } })
    expect(passwordParam(retyped.json())).toMatchObject({ is_set: true })
    expect(t.app.box.open((await storedPassword(meter.counterId))!)).toBe(REPLACED)
    const cleared = await call('PUT', url, { conn_params: { host: '10.6.6.6', password: '' } })
    expect(passwordParam(cleared.json())).toMatchObject({ is_set: false })
    // Nothing stored, nothing to send: the address changes freely.
    expect((await call('PUT', url, { conn_params: { host: '10.6.6.7' } })).statusCode).toBe(200)
  })

  it('seals passwords stored in plain text when the server starts, once', async () => {
    const meter = await installedMeter()
    // A past installation and the current one, both written before passwords were sealed.
    await call('POST', `/api/point_counter/${meter.counterId}/take_off/`, { operation_date: '2024-04-01T09:00:00.000Z', comment: 'Замена' })
    await call('POST', `/api/counters/${meter.counterId}/update_and_install/`, {
      point_id: meter.pointId,
      operation_date: '2024-05-01T09:00:00.000Z',
      conn_params: { host: 'h', net_address: '5' },
    })
    await t.database.db.execute(
      sql`update point_counters set conn_params = conn_params || ${JSON.stringify({ password: PASSWORD })}::jsonb where counter_id = ${meter.counterId}`,
    )
    const restart = async () => {
      const app = await buildApp({ config: t.app.config, database: t.database, secret: 'test-secret-test-secret-test-secret-0123', consoleRoot: null })
      await app.ready()
      await app.close()
      const rows = await t.database.db.select({ conn: pointCounters.conn_params }).from(pointCounters).where(eq(pointCounters.counter_id, meter.counterId))
      return rows.map((r) => r.conn.password!)
    }
    const first = await restart()
    expect(first).toHaveLength(2)
    for (const stored of first) expect(t.app.box.open(stored)).toBe(PASSWORD)
    expect(await restart()).toEqual(first)
  })

  it('migration 0024 scrubs plain passwords from the audit and from stored answers', async () => {
    const answer = [
      { par_name: 'host', description: 'Узел', par_value: 'h', required: true },
      { par_name: 'password', description: 'Пароль', par_value: PASSWORD, required: false },
    ]
    await t.database.db.execute(sql`
      insert into audit_log (entity, entity_id, action, before, after, remark)
      values ('counter', '999999', 'conn_params', ${JSON.stringify({ host: 'h', password: '' })}::jsonb,
        ${JSON.stringify({ host: 'h', password: PASSWORD })}::jsonb, 'password')`)
    const [admin] = (await t.database.db.execute(sql`select user_id from users limit 1`)).rows as { user_id: number }[]
    await t.database.db.execute(sql`
      insert into idempotency_keys (user_id, key, request_hash, status_code, response)
      values (${admin!.user_id}, 'legacy-conn', 'x', 200, ${JSON.stringify(answer)}::jsonb)`)
    const migration = readFileSync(new URL('../../../../src/server/db/migrations/0024_meter_secrets.sql', import.meta.url), 'utf8')
    for (const statement of migration.split('--> statement-breakpoint')) await t.database.db.execute(sql.raw(statement))

    const audit = (await t.database.db.execute(sql`select before, after from audit_log where entity_id = '999999' and action = 'conn_params'`)).rows
    expect(audit).toEqual([{ before: { host: 'h', password: '' }, after: { host: 'h', password: T.secretSet } }])
    const stored = (await t.database.db.execute(sql`select response from idempotency_keys where key = 'legacy-conn'`)).rows[0] as { response: unknown }
    expect(stored.response).toEqual([answer[0], { par_name: 'password', description: 'Пароль', par_value: '', required: false, is_set: true }])
  })

  it('refuses a password that is not text with a Russian 400', async () => {
    const meter = await installedMeter({})
    const res = await call('PUT', `/api/point_counter/${meter.counterId}/update_conn_params/`, { conn_params: { password: ['x'] } })
    expect(res.statusCode).toBe(400)
    expect(res.json()['conn_params.password']).toEqual([T.invalidValue])
  })
})

describe('the secret box', () => {
  it('writes sealed values in a format plain passwords never have', () => {
    const box = secretBox('another-secret-another-secret-000000')
    expect(box.seal(PASSWORD)).toMatch(SEALED_FORMAT)
    expect(PASSWORD).not.toMatch(SEALED_FORMAT)
  })
})
