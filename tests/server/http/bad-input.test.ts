import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { sql } from 'drizzle-orm'
import { T } from '../../../src/shared/texts'
import { startTestApp, type TestApp } from '../../helpers/test-app'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.close())

/** Strings that break naive servers: SQL and HTML fragments, path tricks, unicode, huge and empty ones. */
const evilString = fc.oneof(
  fc.constantFrom(
    "' or 1=1 --",
    '1; drop table points;--',
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '%00',
    '\u0000',
    '𝕬𝖇𝖈 🔥',
    'NaN',
    '-1',
    '1e309',
    '99999999999999999999',
    ' ',
    '',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ minLength: 5000, maxLength: 20000 }),
)
/**
 * Values of the wrong kind for any field a schema expects. Never empty and never holding numbers or text:
 * `[]` is a valid list of ids and `{ a: 1 }` valid connection parameters, and a valid body may change data.
 */
const wrongValue = fc.oneof(
  fc.dictionary(fc.string({ maxLength: 5 }), fc.constant(null), { minKeys: 1, maxKeys: 3 }),
  fc.array(fc.dictionary(fc.string({ maxLength: 3 }), fc.boolean(), { minKeys: 1, maxKeys: 2 }), { minLength: 1, maxLength: 3 }),
)
const FIELDS = [
  'name',
  'username',
  'password',
  'email',
  'point_number',
  'address',
  'serial_num',
  'coeff',
  'model_id',
  'point_id',
  'counter_id',
  'customer_type',
  'doc_status',
  'groups',
  'permissions',
  'sign',
  'color',
  'order_num',
  'interval',
  'value',
  'parent_id',
  'operation_date',
  'conn_params',
  'smtp_port',
  'smtp_encryption',
]
const malformedBody = fc.oneof(
  fc.constant(null),
  fc.integer(),
  evilString,
  fc.boolean(),
  fc.array(fc.anything({ maxDepth: 1 }), { maxLength: 3 }),
  fc.record(Object.fromEntries(FIELDS.map((f) => [f, wrongValue])), { requiredKeys: [] }),
)
const QUERY_KEYS = [
  'page',
  'per_page',
  'page_size',
  'ordering',
  'search',
  'point_id',
  'counter_id',
  'model_id',
  'task_id',
  'document_id',
  'interval',
  'beginDate',
  'endDate',
  'date',
  'beg_date',
  'end_date',
  'report',
  'status',
  'archived',
  'halfs_num',
  'minutes_from_day_begin',
  'month',
  'resource_type',
  'counter_model_api',
  'represent_point_id',
  'interactions_num',
]
const malformedQuery = fc.dictionary(fc.constantFrom(...QUERY_KEYS), evilString, { minKeys: 1, maxKeys: 4 })
const malformedId = fc.oneof(fc.constantFrom('abc', '-1', '0', '1.5', '99999999999', '%2e%2e', '1%20or%201=1', '💥'), fc.stringMatching(/^[a-z%]{1,12}$/))

/** A fingerprint of every table but the logs that record attempts themselves. */
async function fingerprint(): Promise<Record<string, string>> {
  const tables = await t.database.db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'
      and table_name not in ('audit_log', 'idempotency_keys') order by 1`,
  )
  const out: Record<string, string> = {}
  for (const { table_name } of tables.rows) {
    const [row] = (
      await t.database.db.execute<{ digest: string }>(
        sql.raw(`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as digest from "${table_name}" x`),
      )
    ).rows
    out[table_name] = row!.digest
  }
  return out
}

/** Every key of every object schema of the contract, found by walking the exported schemas. */
const SCHEMA_KEYS = (() => {
  const keys = new Set<string>()
  const walk = (schema: unknown, seen: Set<unknown>) => {
    if (!schema || typeof schema !== 'object' || seen.has(schema)) return
    seen.add(schema)
    const s = schema as { entries?: Record<string, unknown>; wrapped?: unknown; pipe?: unknown[]; options?: unknown[]; item?: unknown }
    for (const [key, entry] of Object.entries(s.entries ?? {})) {
      keys.add(key)
      walk(entry, seen)
    }
    for (const inner of [s.wrapped, s.item, ...(s.pipe ?? []), ...(s.options ?? [])]) walk(inner, seen)
  }
  const seen = new Set<unknown>()
  for (const module of Object.values(import.meta.glob('../../../src/shared/schemas/*.ts', { eager: true }))) {
    for (const exported of Object.values(module as Record<string, unknown>)) walk(exported, seen)
  }
  return [...keys]
})()
/** Values of the wrong kind, or too long, for any field. */
const WRONG_KINDS: unknown[] = ['x', -1, 1.5, true, {}, [], ['x'], [{}], null, '', 'я'.repeat(300), '99999999999999999999']

const withId = (url: string, id: string) => url.replace(/:[A-Za-z_]+/g, id).replace(/\*$/, id)
const writes = () => t.app.apiRoutes.filter((r) => ['POST', 'PUT', 'PATCH'].includes(r.method) && r.access !== 'public')

type Probe = string | number | unknown[]
/** A kind of field, found by the values it takes: a field that refuses `word` and takes `good` must refuse each of `bad`. */
type FieldKind = { word: Probe; good: Probe; bad: Probe[] }

/**
 * The top-level fields a route refuses when every key any schema knows holds `value`: in the query and the body for
 * text, in the body only for a number or a list (a query holds text only, so GET routes are not asked). The path's
 * id names no row, so that a valid probe changes nothing.
 */
async function refusedFields(route: { method: string; url: string }, value: Probe): Promise<Set<string> | null> {
  if (route.method === 'GET' && typeof value !== 'string') return null
  const query = typeof value === 'string' ? `?${new URLSearchParams(SCHEMA_KEYS.map((key) => [key, value])).toString()}` : ''
  const url = `${withId(route.url, '999999')}${query}`
  const payload = route.method === 'GET' ? undefined : Object.fromEntries(SCHEMA_KEYS.map((key) => [key, value]))
  const res = await t.call(t.adminToken, { method: route.method as 'POST', url, payload })
  return new Set(res.statusCode === 400 ? Object.keys(res.json() as object).map((key) => key.split('.')[0]!) : [])
}

/** On every route, each value of `bad` a field of its kind did not refuse on the field, and how many such fields there are. */
async function takenOnTheField(kinds: FieldKind[]): Promise<{ taken: string[]; fields: number }> {
  const taken: string[] = []
  let fields = 0
  for (const route of t.app.apiRoutes.filter((r) => ['GET', 'POST', 'PUT', 'PATCH'].includes(r.method) && r.access !== 'public')) {
    for (const kind of kinds) {
      const word = await refusedFields(route, kind.word)
      const good = await refusedFields(route, kind.good)
      const ofKind = [...(word ?? [])].filter((field) => !good?.has(field))
      fields += ofKind.length
      if (ofKind.length === 0) continue
      for (const bad of kind.bad) {
        const out = await refusedFields(route, bad)
        for (const field of ofKind) if (!out?.has(field)) taken.push(`${route.method} ${route.url} ${field}=${JSON.stringify(bad)}`)
      }
    }
  }
  return { taken, fields }
}

describe('bad input on every route', () => {
  it('never answers 5xx and changes nothing', async () => {
    const before = await fingerprint()
    const failures: string[] = []
    // Bodies answered 2xx (keys the route does not know are dropped, so some are fine): named if the data changed.
    const accepted: string[] = []
    const check = (label: string, status: number) => {
      if (status >= 500 || status < 400) failures.push(`${label}: ${status}`)
    }
    for (const route of writes()) {
      await fc.assert(
        fc.asyncProperty(malformedBody, async (body) => {
          const url = withId(route.url, '1')
          const res = await t.call(t.adminToken, {
            method: route.method as 'POST',
            url,
            payload: JSON.stringify(body),
            headers: { 'content-type': 'application/json' },
          })
          const label = `${route.method} ${url} body ${JSON.stringify(body).slice(0, 80)}: ${res.statusCode}`
          if (res.statusCode >= 500) failures.push(`${label} ${res.body.slice(0, 120)}`)
          else if (res.statusCode < 400) accepted.push(label)
        }),
        { numRuns: 12 },
      )
    }
    for (const route of t.app.apiRoutes.filter((r) => r.url.includes(':') && r.access !== 'public')) {
      await fc.assert(
        fc.asyncProperty(malformedId, async (id) => {
          const url = withId(route.url, encodeURIComponent(id))
          const res = await t.call(t.adminToken, { method: route.method as 'GET', url })
          check(`${route.method} ${url}`, res.statusCode)
        }),
        { numRuns: 6 },
      )
    }
    for (const route of t.app.apiRoutes.filter((r) => r.method === 'GET' && r.access !== 'public')) {
      await fc.assert(
        fc.asyncProperty(malformedQuery, async (query) => {
          const url = `${withId(route.url, '1')}?${new URLSearchParams(query).toString()}`
          const res = await t.call(t.adminToken, { method: 'GET', url })
          if (res.statusCode >= 500) failures.push(`GET ${url.slice(0, 160)}: ${res.statusCode} ${res.body.slice(0, 120)}`)
        }),
        { numRuns: 8 },
      )
    }
    expect(failures).toEqual([])
    expect(await fingerprint(), `changed by one of:\n${accepted.join('\n')}`).toEqual(before)
  })

  // Found from the attacker's side: `/api/points/05/` named point 5, so a batch of the outbox took `/5/` and `/05/` for two
  // points and checked both edits' If-Match against the same version: one edit was lost with a 200 for each.
  it('names a row by one spelling of its id: a sign, a space or a leading zero is 404', async () => {
    const answered: string[] = []
    const taken: string[] = []
    for (const route of t.app.apiRoutes.filter((r) => r.method === 'GET' && r.url.includes(':id') && r.access !== 'public')) {
      if ((await t.call(t.adminToken, { method: 'GET', url: withId(route.url, '1') })).statusCode !== 200) continue
      answered.push(route.url)
      for (const id of ['01', '+1', '%201', '1%20']) {
        const url = withId(route.url, id)
        const status = (await t.call(t.adminToken, { method: 'GET', url })).statusCode
        if (status !== 404) taken.push(`${url}: ${status}`)
      }
    }
    expect(answered.length).toBeGreaterThanOrEqual(3)
    expect(taken).toEqual([])
    const entry = (path: string, remark: string) => ({
      method: 'PUT',
      path,
      body: { remark },
      headers: { 'Idempotency-Key': `k-${remark}`, 'If-Match': '"1"' },
    })
    const batch = await t.call(t.adminToken, {
      method: 'POST',
      url: '/api/outbox/',
      payload: { entries: [entry('/api/points/1/', 'a'), entry('/api/points/01/', 'b')] },
    })
    expect(batch.statusCode).toBe(400)
  })

  it('answers 400, not 500, to a NUL byte that PostgreSQL text cannot hold', async () => {
    for (const url of ['/api/counters_api/?search=%00', '/api/points/?search=a%00b', '/api/users/?search=%00']) {
      const res = await t.call(t.adminToken, { method: 'GET', url })
      expect(res.statusCode, url).toBe(400)
    }
    const body = await t.call(t.adminToken, { method: 'POST', url: '/api/data_sources/', payload: { name: 'a\u0000b' } })
    expect(body.statusCode).toBe(400)
  })

  it('answers 4xx, not 500, to the names every object inherits, as a sort field or as a key', async () => {
    const inherited = ['constructor', '__proto__', 'toString', 'valueOf', 'hasOwnProperty']
    const failures: string[] = []
    const check = (label: string, res: { statusCode: number; body: string }) => {
      if (res.statusCode >= 500) failures.push(`${label}: ${res.statusCode} ${res.body.slice(0, 100)}`)
    }
    for (const route of t.app.apiRoutes.filter((r) => r.method === 'GET' && r.access !== 'public')) {
      for (const name of inherited.flatMap((n) => [n, `-${n}`])) {
        const url = `${withId(route.url, '1')}?ordering=${name}`
        check(`GET ${url}`, await t.call(t.adminToken, { method: 'GET', url }))
      }
    }
    for (const route of writes()) {
      for (const name of inherited) {
        const url = withId(route.url, '1')
        const payload = { conn_params: { [name]: '5' }, point_id: 1, operation_date: '2026-01-01T00:00:00+03:00' }
        check(`${route.method} ${url} conn_params.${name}`, await t.call(t.adminToken, { method: route.method as 'POST', url, payload }))
      }
    }
    expect(failures).toEqual([])
  })

  it('answers 400 to a list or null where an object is expected, also where every field is optional', async () => {
    const routes = [
      ['PATCH', '/api/users/1/'],
      ['PATCH', '/api/permissions_groups/1/'],
      ['PATCH', '/api/document_required_file/1/'],
      ['POST', '/api/data_sources/'],
    ] as const
    for (const [method, url] of routes) {
      for (const payload of ['[]', '[1]', 'null']) {
        const res = await t.call(t.adminToken, { method, url, payload, headers: { 'content-type': 'application/json' } })
        expect(res.statusCode, `${method} ${url} ${payload}`).toBe(400)
        expect(res.json().non_field_errors, `${method} ${url} ${payload}`).toBeDefined()
      }
    }
  })

  it('says in Russian what is wrong with any field on every route: absent, of the wrong kind, too long', async () => {
    const english: string[] = []
    const said = async (label: string, res: { statusCode: number; json: () => unknown }) => {
      if (res.statusCode !== 400) return
      for (const [field, messages] of Object.entries(res.json() as Record<string, string[] | string>)) {
        for (const message of [messages].flat()) if (!/^[^A-Za-z]*[а-яё]/i.test(message)) english.push(`${label} ${field}: ${message}`)
      }
    }
    const gets = t.app.apiRoutes.filter((r) => r.method === 'GET' && r.access !== 'public')
    for (const value of [undefined, ...WRONG_KINDS]) {
      const fields = value === undefined ? {} : Object.fromEntries(SCHEMA_KEYS.map((key) => [key, value]))
      for (const route of writes()) {
        const url = withId(route.url, '1')
        await said(`${route.method} ${url} ${JSON.stringify(value)}`, await t.call(t.adminToken, { method: route.method as 'POST', url, payload: fields }))
      }
      const query = new URLSearchParams(Object.entries(fields).map(([key, v]) => [key, typeof v === 'string' ? v : JSON.stringify(v)]))
      for (const route of gets) {
        const url = `${withId(route.url, '1')}?${query.toString()}`
        await said(`GET ${route.url} ${JSON.stringify(value)}`, await t.call(t.adminToken, { method: 'GET', url }))
      }
    }
    expect(english).toEqual([])
    const missing = await t.call(t.adminToken, { method: 'POST', url: '/api/represents/1/del_point/', payload: {} })
    expect(missing.json()).toEqual({ point_id: [T.required] })
  })

  it('answers a multipart body that does not parse, or has too many fields, with a Russian 4xx on every route', async () => {
    const subscriber = await t.subscriber()
    const part = (name: string) => `--XX\r\nContent-Disposition: form-data; name="${name}"\r\n\r\nx\r\n`
    const bodies: [string, string, string][] = [
      ['no boundary', 'multipart/form-data', '{}'],
      ['an empty boundary', 'multipart/form-data; boundary=', '{}'],
      ['no parts', 'multipart/form-data; boundary=XX', 'garbage'],
      [
        'an unfinished part',
        'multipart/form-data; boundary=XX',
        `${part('doc_type_id')}--XX\r\nContent-Disposition: form-data; name="file_1"; filename="a.pdf"\r\n\r\n%PDF`,
      ],
      ['60 fields', 'multipart/form-data; boundary=XX', `${Array.from({ length: 60 }, (_, i) => part(`f${i}`)).join('')}--XX--\r\n`],
    ]
    const failures: string[] = []
    for (const route of writes()) {
      for (const token of [t.adminToken, subscriber.token]) {
        for (const [name, contentType, payload] of bodies) {
          const res = await t.call(token, { method: route.method as 'POST', url: withId(route.url, '1'), payload, headers: { 'content-type': contentType } })
          const detail = (res.json() as { detail?: string }).detail
          const label = `${route.method} ${route.url} ${name}: ${res.statusCode} ${res.body.slice(0, 100)}`
          if (res.statusCode >= 500 || res.statusCode < 400) failures.push(label)
          else if (res.statusCode === 413 && detail !== T.tooLarge) failures.push(label)
          else if (detail !== undefined && !/[а-яё]/i.test(detail)) failures.push(label)
        }
      }
    }
    expect(failures).toEqual([])
  })

  // Found from the attacker's side: a part with no name was refused under the key "undefined", which no form can show.
  it('answers a part without a field name as a broken form', async () => {
    const subscriber = await t.subscriber()
    const nameless = [
      '--XX\r\nContent-Disposition: form-data; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\r\n--XX--\r\n',
      '--XX\r\nContent-Disposition: form-data\r\n\r\n1\r\n--XX--\r\n',
    ]
    for (const payload of nameless) {
      const res = await t.call(subscriber.token, {
        method: 'POST',
        url: '/api/document_request/',
        payload,
        headers: { 'content-type': 'multipart/form-data; boundary=XX' },
      })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ detail: T.badMultipart })
    }
  })

  it('answers 413 to a body over the limit', async () => {
    const res = await t.call(t.adminToken, {
      method: 'POST',
      url: '/api/users/',
      payload: JSON.stringify({ username: 'x'.repeat(3 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    })
    expect(res.statusCode).toBe(413)
    expect(res.json().detail).toMatch(/Слишком большой/)
  })

  it('answers 400 to a body nested deeper than any form, on every route that takes one and inside an outbox entry', async () => {
    // JSON.parse takes thousands of levels; JSON.stringify of the value (a request's hash for its Idempotency-Key, an
    // outbox entry handed on) then overflowed the stack: 500.
    const deep = '['.repeat(5000) + ']'.repeat(5000)
    const failures: string[] = []
    for (const route of t.app.apiRoutes.filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) && r.access !== 'public')) {
      const url = withId(route.url, '1')
      const res = await t.call(t.adminToken, {
        method: route.method as 'POST',
        url,
        payload: deep,
        headers: { 'content-type': 'application/json', 'idempotency-key': `deep-${route.method}-${url}` },
      })
      if (res.statusCode !== 400 || res.json().detail !== T.jsonTooDeep) failures.push(`${route.method} ${url}: ${res.statusCode} ${res.body.slice(0, 80)}`)
    }
    expect(failures).toEqual([])
    const outbox = await t.call(t.adminToken, {
      method: 'POST',
      url: '/api/outbox/',
      payload: `{"entries":[{"method":"POST","path":"/api/points/","body":{"a":${deep}},"headers":{"Idempotency-Key":"deep-entry"}}]}`,
      headers: { 'content-type': 'application/json' },
    })
    expect([outbox.statusCode, outbox.json().detail]).toEqual([400, T.jsonTooDeep])
  })

  it('reads a JSON body as UTF-8 and refuses one labelled with another charset, whose letters it would garble', async () => {
    const send = (charset: string, name: string) =>
      t.call(t.adminToken, {
        method: 'POST',
        url: '/api/data_sources/',
        payload: Buffer.from(JSON.stringify({ name }), charset === 'latin1' ? 'latin1' : 'utf8'),
        headers: { 'content-type': `application/json; charset=${charset}` },
      })
    const refused = await send('latin1', 'Café')
    expect([refused.statusCode, refused.json().detail]).toEqual([415, T.jsonNotUtf8])
    expect((await send('UTF-8', 'Источник в UTF-8')).json().name).toBe('Источник в UTF-8')
    expect((await send('"utf-8"', 'Источник в кавычках')).statusCode).toBe(201)
  })

  it('reads every date and month strictly on every route: a day that does not exist or text after it is a 400 on the field', async () => {
    const { taken, fields } = await takenOnTheField([
      {
        word: 'x'.repeat(10),
        good: '2026-03-01',
        bad: ['2026-02-30', '2026-02-29', '2026-04-31', '2026-11-01 nov', '2026-11-01junk', '0000-01-01', '2100-01-01'],
      },
      {
        word: 'x'.repeat(25),
        good: '2026-03-01T10:00:00+03:00',
        bad: ['2026-02-30T10:00:00Z', '2026-11-01T10:00:00Z nov', '2026-11-01T24:00:00Z', '0000-01-01T00:00:00Z'],
      },
      { word: 'x'.repeat(7), good: '2026-03', bad: ['0000-01', '2100-01', '2026-13', '2026-03 x'] },
    ])
    expect(fields).toBeGreaterThan(10)
    expect(taken).toEqual([])
  })

  it('reads every id and number strictly on every route: no hexadecimal, binary or exponent, and no id past the integer range', async () => {
    const { taken, fields } = await takenOnTheField([
      // Numbers written as JavaScript reads them, not as a person or a form writes them.
      { word: 'x', good: '1', bad: ['0x1', '1e0', '0b1', '0o1'] },
      { word: 'xx', good: '30', bad: ['0x1E', '3e1', '0b11110'] },
      // Integers (a field that refuses 1.5 and takes 1): no fraction, even a zero one, and none past the range of an id.
      { word: '1.5', good: '1', bad: ['1.0', '2147483648', '1e10', '99999999999'] },
      { word: '30.5', good: '30', bad: ['30.0'] },
      { word: 1.5, good: 1, bad: [2147483648, 1e10] },
      { word: ['x'], good: [1], bad: [['0x1'], ['1e0'], ['1.0'], [2147483648], ['2147483648']] },
    ])
    expect(fields).toBeGreaterThan(10)
    expect(taken).toEqual([])
  })

  it('words the limit of a list as a number of items, not of characters, on every route', async () => {
    const ids = Array.from({ length: 201 }, (_, i) => i + 1)
    const inCharacters: string[] = []
    const said: Record<string, unknown> = {}
    for (const route of writes()) {
      const url = withId(route.url, '999999')
      const res = await t.call(t.adminToken, { method: route.method as 'POST', url, payload: Object.fromEntries(SCHEMA_KEYS.map((key) => [key, ids])) })
      if (res.statusCode !== 400) continue
      for (const [field, messages] of Object.entries(res.json() as Record<string, string[]>)) {
        said[`${route.method} ${route.url} ${field}`] = messages
        for (const message of [messages].flat()) if (/символ/.test(message)) inCharacters.push(`${route.method} ${route.url} ${field}: ${message}`)
      }
    }
    expect(inCharacters).toEqual([])
    expect(said).toMatchObject({
      'POST /api/users/ groups': ['Не более 100 элементов'],
      'POST /api/counters_tasks/ task_group': ['Не более 20 элементов'],
      'POST /api/permissions_groups/ permissions': ['Не более 200 элементов'],
      'POST /api/document_required_file_link/ required_files': ['Не более 100 элементов'],
    })
  })

  // Last: it leaves a meter behind, which the routes above would otherwise find as meter 1.
  it('refuses text with control characters no XML message can carry, and keeps tabs and line breaks', async () => {
    for (const name of ['Точка\u000b1', 'Точка\u0001', 'Точка\ufffe', 'Точка\ud800']) {
      const res = await t.call(t.adminToken, { method: 'POST', url: '/api/data_sources/', payload: { name } })
      expect(res.statusCode, JSON.stringify(name)).toBe(400)
      expect(res.json(), JSON.stringify(name)).toEqual({ name: [T.controlCharacters] })
    }
    const remark = await t.call(t.adminToken, { method: 'PATCH', url: `/api/counters/${await t.make.meter()}/`, payload: { remark: 'строка 1\r\n\tстрока 2' } })
    expect(remark.statusCode).toBe(200)
    expect(remark.json().remark).toBe('строка 1\r\n\tстрока 2')
  })
})
