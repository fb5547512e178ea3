import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../../src/server/app'
import { loadConfig } from '../../../src/server/config'
import { openDatabase, type Database, type Executor } from '../../../src/server/db/client'
import { runSeeds } from '../../../src/server/db/seed'

/**
 * The state a bulk load leaves once the database has caught up: autovacuum (or the embedded vacuum) has run, so
 * plans have statistics and index-only scans the visibility map, and a checkpoint has written the load's pages,
 * which otherwise go to disk while the first list is measured.
 */
export async function settleAfterLoad(db: Executor): Promise<void> {
  await db.execute(sql`vacuum analyze`)
  await db.execute(sql`checkpoint`)
}

export const BENCH_ADMIN = { username: 'admin', password: 'admin-password' }

/** The real server on a loopback port, on a fresh embedded database or on PostgreSQL (a URL). */
export async function startBenchServer(options: { databaseUrl?: string } = {}): Promise<{ app: FastifyInstance; database: Database; url: string; token: string; close: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-'))
  const database = await openDatabase({ databaseUrl: options.databaseUrl, dataDir: path.join(dataDir, 'pglite') })
  await runSeeds(database.db, { adminUsername: BENCH_ADMIN.username, adminPassword: BENCH_ADMIN.password, demo: false, dataDir })
  const app = await buildApp({ config: { ...loadConfig({}), dataDir, collector: false }, database, secret: 'bench-secret-bench-secret-bench-secret', consoleRoot: null, loginMaxFailures: 1_000_000 })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  const login = await app.inject({ method: 'POST', url: '/api/api-token-auth/', payload: BENCH_ADMIN })
  return {
    app,
    database,
    url,
    token: login.json().token,
    close: async () => {
      await app.close()
      await database.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
