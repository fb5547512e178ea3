import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { drizzle, type NodePgDatabase, type NodePgQueryResultHKT } from 'drizzle-orm/node-postgres'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase } from 'drizzle-orm/pg-core'
import type { ExtractTablesWithRelations } from 'drizzle-orm'
import { sql } from 'drizzle-orm'
import { T } from '../../shared/texts'
import * as schema from './schema'
import { startEmbeddedVacuum } from './embedded-vacuum'
import { PgliteWorkerPool } from './pglite-pool'
import { PreparingClient } from './preparing-client'

type Schema = typeof schema
export type Db = NodePgDatabase<Schema>
/** The database or a transaction: repositories take either. */
export type Executor = PgDatabase<NodePgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>

export type Database = {
  db: Db
  engine: 'pglite' | 'postgres'
  close: () => Promise<void>
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')
/** Any constant shared by every process that may migrate the same PostgreSQL. */
const MIGRATION_LOCK = 7_240_001

/**
 * Logins and the points' search fold case in SQL (`lower`, pg_trgm): a database whose LC_CTYPE knows no Cyrillic
 * (LC_CTYPE=C, SQL_ASCII) would take «Иван» and «иван» as two logins and find no «Ленина» for «ленина».
 */
async function refuseWithoutCyrillicCase(client: pg.PoolClient): Promise<void> {
  const folds = await client.query(`select lower('ЁЛКА') = 'ёлка' as ok`).then(
    (result) => result.rows[0]?.ok === true,
    () => false,
  )
  if (!folds) throw new Error(T.databaseWithoutCyrillic)
}

/**
 * Opens PostgreSQL when a URL is given, otherwise the embedded PGlite (a folder, or memory:// for tests); a new
 * PGlite database may start from `template`, a dump of one (tests/helpers/pglite-template.ts).
 */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string; template?: string }): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, Client: PreparingClient })
    // An idle connection the server closes (a restart, a terminated backend) must not crash the process: the pool
    // drops that client and the next query opens a new connection.
    pool.on('error', (error) => console.warn(`PostgreSQL: idle connection lost (${error.message})`))
    // Several API processes may start at once: only one applies the migrations.
    const client = await pool.connect()
    try {
      await refuseWithoutCyrillicCase(client)
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK])
      await migrate(drizzle(client, { schema }), { migrationsFolder })
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK])
    } catch (error) {
      client.release()
      await pool.end()
      throw error
    }
    client.release()
    return { db: drizzle(pool, { schema }), engine: 'postgres', close: () => pool.end() }
  }
  const pool = new PgliteWorkerPool(options.dataDir, options.template)
  await pool.ready
  const db = drizzle(pool as unknown as pg.Pool, { schema })
  await migrate(db, { migrationsFolder })
  const stopVacuum = startEmbeddedVacuum(db, (error) => console.warn(`PGlite: vacuum failed (${error instanceof Error ? error.message : String(error)})`))
  return {
    db,
    engine: 'pglite',
    close: async () => {
      await stopVacuum()
      await pool.end()
    },
  }
}

/** A quick liveness probe of the database. */
export async function pingDatabase(db: Executor): Promise<void> {
  await db.execute(sql`select 1`)
}
