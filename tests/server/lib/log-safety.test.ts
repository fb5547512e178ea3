import { PassThrough } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { sql } from 'drizzle-orm'
import { buildApp } from '../../../src/server/app'
import { loadConfig } from '../../../src/server/config'
import type { Database } from '../../../src/server/db/client'
import { openTestDatabase } from '../../helpers/test-database'

/** A value a statement carries as a parameter, recognisable wherever it would surface. */
const VALUE = 'Parameter-Value-8642'

let database: Database
let app: FastifyInstance
let logs = ''

beforeAll(async () => {
  database = await openTestDatabase()
  const stream = new PassThrough()
  stream.on('data', (chunk) => (logs += chunk.toString()))
  app = await buildApp({
    config: { ...loadConfig({}), collector: false },
    database,
    secret: 'test-secret-test-secret-test-secret-0123',
    consoleRoot: null,
    logger: { level: 'trace', stream },
  })
  // A statement that fails at run time (division by zero) without the database quoting the value in its message.
  app.get('/api/failing-statement/', { config: { access: 'public' } }, async () => app.db.execute(sql`select 1 / (length(${VALUE}) - length(${VALUE}))`))
  await app.ready()
})
afterAll(async () => {
  await app.close()
  await database.close()
})

describe('a failed statement in the log', () => {
  it('is logged by the error handler with its text and the database error, never with its parameters', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/failing-statement/' })
    expect(res.statusCode).toBe(500)
    expect(res.body).not.toContain(VALUE)
    expect(logs).toContain('division by zero')
    expect(logs).toContain('select 1 / (length(')
    expect(logs).not.toContain(VALUE)
  })

  it('is logged without its parameters wherever an error is logged', async () => {
    const error = await app.db.execute(sql`select 1 / (length(${VALUE}) - length(${VALUE}))`).catch((e: unknown) => e)
    logs = ''
    app.log.warn({ err: error }, 'health check round failed')
    app.log.error(error)
    expect(logs).toContain('Failed query')
    expect(logs).not.toContain(VALUE)
  })
})
