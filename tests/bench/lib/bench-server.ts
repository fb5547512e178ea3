import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { openDatabase, type Database, type Executor } from '../../../src/server/db/client'
import { runSeeds } from '../../../src/server/db/seed'
import { signInOver, startServerProcess } from './server-process'

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
export const BENCH_SECRET = 'bench-secret-bench-secret-bench-secret'

type BenchProduct = { url: string; token: string; headers: Record<string, string>; stop: () => Promise<void> }

export type BenchDatabase = {
  engine: Database['engine']
  dataDir: string
  /** The database opened in this process, for bulk loads and plans; never while the product runs (PGlite admits one process). */
  use: <T>(work: (database: Database) => Promise<T>) => Promise<T>
  /**
   * The product in its own process, as `npm start` runs it, signed in as the administrator. Measured there, the
   * server's heap is its own: in the benchmark's process it also carried the bulk load, and answered about a fifth
   * slower than the product does.
   */
  serve: () => Promise<BenchProduct>
  remove: () => void
}

let nextPort = 18_600 + Math.floor(Math.random() * 400)

/** A fresh embedded database, or PostgreSQL at a URL, migrated and holding the administrator. */
export async function createBenchDatabase(options: { databaseUrl?: string } = {}): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-'))
  const use = async <T>(work: (database: Database) => Promise<T>): Promise<T> => {
    const database = await openDatabase({ databaseUrl: options.databaseUrl, dataDir: path.join(dataDir, 'pglite') })
    try {
      return await work(database)
    } finally {
      await database.close()
    }
  }
  const engine = await use(async (database) => {
    await runSeeds(database.db, { adminUsername: BENCH_ADMIN.username, adminPassword: BENCH_ADMIN.password, demo: false, dataDir })
    return database.engine
  })
  return {
    engine,
    dataDir,
    use,
    serve: async () => {
      const product = await startServerProcess(
        {
          DATA_DIR: dataDir,
          ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
          JWT_SECRET: BENCH_SECRET,
          DEMO: '0',
          COLLECTOR: '0',
          EMULATOR: '0',
        },
        nextPort++,
      )
      const token = await signInOver(product.url, BENCH_ADMIN.username, BENCH_ADMIN.password)
      return { url: product.url, token, headers: { authorization: `JWT ${token}` }, stop: async () => void (await product.stop()) }
    },
    remove: () => rmSync(dataDir, { recursive: true, force: true }),
  }
}
