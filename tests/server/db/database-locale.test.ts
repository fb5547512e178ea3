import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../../src/server/db/client'
import { T } from '../../../src/shared/texts'
import { openTestDatabase } from '../../helpers/test-database'

// Logins and the points' search fold case in SQL (`lower`, pg_trgm): on a database whose LC_CTYPE knows no Cyrillic,
// «Иван» and «иван» are two logins and «ленина» does not find «Ленина».
describe('the database the server opens', () => {
  it('folds the case of Cyrillic letters; a PostgreSQL database whose LC_CTYPE cannot is refused at start', async () => {
    const database = await openTestDatabase()
    try {
      const { rows } = await database.db.execute<{ folded: string }>(sql`select lower('ЁЛКА, Ленина') as folded`)
      expect(rows[0]!.folded).toBe('ёлка, ленина')
    } finally {
      await database.close()
    }
    // The embedded PGlite is always C.UTF-8; CI runs these tests on PostgreSQL too (TEST_DATABASE_URL).
    const adminUrl = process.env.TEST_DATABASE_URL
    if (!adminUrl) return
    const name = `c_ctype_${randomBytes(6).toString('hex')}`
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    await admin.query(`create database ${name} template template0 encoding 'UTF8' lc_ctype 'C' lc_collate 'C'`)
    await admin.end()
    const url = new URL(adminUrl)
    url.pathname = `/${name}`
    await expect(openDatabase({ databaseUrl: url.toString(), dataDir: '' })).rejects.toThrow(T.databaseWithoutCyrillic)
  })
})
