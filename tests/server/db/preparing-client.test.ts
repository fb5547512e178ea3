import { describe, expect, it } from 'vitest'
import { PREPARED_PER_CONNECTION, PreparingClient, preparable } from '../../../src/server/db/preparing-client'

describe('the PostgreSQL client that prepares its queries', () => {
  it('prepares queries with parameters and selects without, and runs scripts and commands as they come', () => {
    expect(preparable('select "total" from "row_counts" where "table_name" = $1', ['points'])).toBe(true)
    expect(preparable('update points set name = $1 where point_id = $2', ['ТП-1', 1])).toBe(true)
    expect(preparable('select "point_id" from "points" order by "name" limit 25 offset 0', [])).toBe(true)
    expect(preparable('SELECT 1', undefined)).toBe(true)
    expect(preparable('vacuum (analyze) "points"', [])).toBe(false)
    expect(preparable('create table t (id int); insert into t values (1)', undefined)).toBe(false)
    expect(preparable('begin', [])).toBe(false)
  })

  // A real server is needed for the rest: CI runs the API tests on PostgreSQL too (TEST_DATABASE_URL).
  it('keeps each text prepared once on its connection, up to the bound, and answers as an unnamed query would', async () => {
    const url = process.env.TEST_DATABASE_URL
    if (!url) return
    const client = new PreparingClient({ connectionString: url })
    await client.connect()
    try {
      for (let i = 0; i < 3; i++) expect((await client.query({ text: 'select $1::int + 1 as n' }, [i])).rows).toEqual([{ n: i + 1 }])
      await client.query({ text: 'select 2 as two' })
      await client.query({ text: 'set application_name = $$preparing-client-test$$' })
      // A text query (not a config object) is never named, so this listing stays out of the count.
      const kept = async () => (await client.query('select statement from pg_prepared_statements')).rows.map((r) => r.statement as string)
      expect(await kept()).toEqual(expect.arrayContaining(['select $1::int + 1 as n', 'select 2 as two']))
      expect((await kept()).some((s) => s.startsWith('set '))).toBe(false)
      // A caller's name (Drizzle's prepare() asks for one) is replaced by the client's own, which the bound counts.
      await client.query({ name: 'label', text: 'select 3 as three' })
      const names = async () => (await client.query('select name from pg_prepared_statements')).rows.map((r) => r.name as string)
      expect(await kept()).toContain('select 3 as three')
      expect(await names()).not.toContain('label')
      for (let i = 0; i < PREPARED_PER_CONNECTION + 10; i++) await client.query({ text: `select ${i} as n` })
      expect((await kept()).length).toBe(PREPARED_PER_CONNECTION)
      expect((await client.query({ text: `select ${PREPARED_PER_CONNECTION + 5} as n` })).rows).toEqual([{ n: PREPARED_PER_CONNECTION + 5 }])
      expect((await client.query({ name: 'label', text: 'select 4 as four' })).rows).toEqual([{ four: 4 }])
      expect((await kept()).length).toBe(PREPARED_PER_CONNECTION)
      expect(await names()).not.toContain('label')
    } finally {
      await client.end()
    }
  })
})
