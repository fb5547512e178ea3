import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import type { Database } from '../../../src/server/db/client'
import { vacuumWhereNeeded } from '../../../src/server/db/embedded-vacuum'
import { openTestDatabase } from '../../helpers/test-database'

let database: Database
beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(() => database.close())

const statsOf = async (table: string) =>
  (
    await database.db.execute<{ n_dead_tup: string; last_vacuum: Date | null; last_analyze: Date | null }>(sql`
    select n_dead_tup, coalesce(last_vacuum, last_autovacuum) as last_vacuum, coalesce(last_analyze, last_autoanalyze) as last_analyze
    from pg_stat_user_tables where relname = ${table}`)
  ).rows[0]!

describe('the embedded database vacuum', () => {
  it('vacuums a table past the thresholds of inserts or dead rows, leaves a table under them, and then finds nothing to do', async () => {
    const db = database.db
    // Past the insert threshold (1,000 + 20 %) and the dead-rows one (50 + 20 %).
    await db.execute(sql`insert into points (point_number, name, address) select 'V-' || g, 'Опора ' || g, 'ул. Мира' from generate_series(1, 3000) g`)
    await db.execute(sql`delete from points where point_number like 'V-1%'`)
    // 20 new rows of a small table stay under every threshold.
    await db.execute(sql`insert into data_sources (name) select 'Источник ' || g from generate_series(1, 20) g`)
    await vacuumWhereNeeded(db)
    const points = await statsOf('points')
    expect(points.last_vacuum).not.toBeNull()
    expect(Number(points.n_dead_tup)).toBe(0)
    const sources = await statsOf('data_sources')
    expect(sources.last_vacuum).toBeNull()
    expect(sources.last_analyze).toBeNull()
    expect(await vacuumWhereNeeded(db)).toEqual([])
  })
})
