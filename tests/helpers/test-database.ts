import { randomBytes } from 'node:crypto'
import type { SQL } from 'drizzle-orm'
import pg from 'pg'
import { openDatabase, type Database } from '../../src/server/db/client'
import { pgliteTemplate } from './pglite-template'

/**
 * A fresh database per test file: in-memory PGlite by default, or a new PostgreSQL database created on
 * the server named by TEST_DATABASE_URL (CI runs the API tests both ways).
 */
export async function openTestDatabase(): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL
  if (!adminUrl) return openDatabase({ dataDir: 'memory://', template: await pgliteTemplate() })
  const name = `test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  // The database is left behind when the file ends: CI's PostgreSQL cluster is thrown away after the run, and a
  // forced drop would kill connections that background work of a test may still be closing.
  return openDatabase({ databaseUrl: url.toString(), dataDir: '' })
}

/**
 * Runs `write` while `statement` (a rename, say) is held uncommitted in another transaction, commits it 300 ms later,
 * and returns what `write` answered: a write that must see the committed statement has to wait for it.
 */
export async function whileUncommitted<T>(db: Database['db'], statement: SQL, write: () => Promise<T>): Promise<T> {
  let commit!: () => void
  const holding = db.transaction(async (tx) => {
    await tx.execute(statement)
    await new Promise<void>((resolve) => (commit = resolve))
  })
  const writing = write()
  await new Promise((resolve) => setTimeout(resolve, 300))
  commit()
  await holding
  return writing
}
