import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { T } from '../../../src/shared/texts'
import { databaseRefusal } from '../../../src/server/plugins/errors'
import { startTestApp, type TestApp } from '../../helpers/test-app'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.close())

describe('the embedded database runs off the HTTP thread', () => {
  it('answers /api/health/ while a long query is still running', async () => {
    if (t.database.engine !== 'pglite') return
    const order: string[] = []
    const slow = t.database.db.execute(sql`select count(*) from generate_series(1, 5000000)`).then(() => order.push('slow query done'))
    // Give the worker the query first, so that the health call really overlaps it.
    await new Promise((resolve) => setTimeout(resolve, 50))
    const health = await t.app.inject({ method: 'GET', url: '/api/health/' })
    order.push('health answered')
    expect(health.statusCode).toBe(200)
    expect(health.json()).toMatchObject({ status: 'ok', database: 'busy' })
    await slow
    expect(order).toEqual(['health answered', 'slow query done'])
    const after = await t.app.inject({ method: 'GET', url: '/api/health/' })
    expect(after.json()).toMatchObject({ database: 'ok' })
  })

  it('prepares statements once, closes the least recently used past its bound, runs scripts, and re-prepares after a change of shape', async () => {
    const db = t.database.db
    const one = async (n: number) => Number((await db.execute<{ n: string }>(sql`select ${n}::int + 0 as n`)).rows[0]!.n)
    expect(await one(41)).toBe(41)
    // 600 other texts (the worker keeps 500), touching the first one now and then so that it stays.
    for (let i = 0; i < 600; i++) {
      expect(Number((await db.execute<{ n: string }>(sql.raw(`select ${i} as n`))).rows[0]!.n)).toBe(i)
      if (i % 100 === 0) expect(await one(i)).toBe(i)
    }
    expect(Number((await db.execute<{ n: string }>(sql.raw('select 3 as n'))).rows[0]!.n)).toBe(3)
    await db.execute(sql.raw('create table prep_probe (a int); insert into prep_probe values (1)'))
    const read = () => db.execute<Record<string, unknown>>(sql`select * from prep_probe where a = ${1}`)
    expect((await read()).rows).toEqual([{ a: 1 }])
    await db.execute(sql.raw('alter table prep_probe add column b text'))
    expect((await read()).rows).toEqual([{ a: 1, b: null }])
  })

  it('reads answers larger than its receive buffer, nulls, bytes and errors with their fields', async () => {
    const db = t.database.db
    type Row = { s: string; none: string | null; b: Buffer; n: number }
    const large = await db.execute<Row>(sql`select repeat('щё', 300000) as s, null::text as none, '\\xd191007f'::bytea as b, 7 as n`)
    expect(large.rows).toHaveLength(1)
    const [row] = large.rows
    expect(row!.s).toBe('щё'.repeat(300000))
    expect(row!.none).toBeNull()
    expect([...row!.b]).toEqual([0xd1, 0x91, 0x00, 0x7f])
    expect(Number(row!.n)).toBe(7)
    // Several rows, each with a value across the 8 KB chunks PGlite hands over, after the large answer.
    const rows = await db.execute<{ i: number; s: string }>(sql`select i, repeat('ж' || i, 5000) as s from generate_series(1, 3) i order by i`)
    expect(rows.rows.map((r) => [Number(r.i), r.s])).toEqual([1, 2, 3].map((i) => [i, `ж${i}`.repeat(5000)]))
    // Drizzle wraps the driver's error; its cause carries PostgreSQL's fields.
    const causeOf = (error: { cause?: unknown }) => error.cause
    const failed = await db.execute(sql`select 1 / ${0}::int`).catch(causeOf)
    expect(failed).toMatchObject({ code: '22012', message: 'division by zero', severity: 'ERROR' })
    await db.execute(sql`create temporary table checked_probe (n int constraint checked_probe_positive check (n > 0))`)
    const refused = await db.execute(sql`insert into checked_probe values (${-1})`).catch(causeOf)
    expect(refused).toMatchObject({ code: '23514', constraint: 'checked_probe_positive', table: 'checked_probe' })
  })

  it('keeps transactions of concurrent requests apart on the single connection', async () => {
    const db = t.database.db
    await db.execute(sql`create table if not exists tx_probe (n int)`)
    const failing = db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into tx_probe values (1)`)
        await new Promise((resolve) => setTimeout(resolve, 30))
        throw new Error('roll back')
      })
      .catch(() => 'rolled back')
    const other = db.execute(sql`insert into tx_probe values (2)`)
    expect(await failing).toBe('rolled back')
    await other
    const rows = await db.execute(sql`select n from tx_probe order by n`)
    expect(rows.rows).toEqual([{ n: 2 }])
  })
})

describe('database refusals of bad input', () => {
  it('tells a delete of a row still in use from a reference to a missing row', async () => {
    const db = t.database.db
    await db.execute(sql`create table fk_parent (id int primary key)`)
    await db.execute(sql`create table fk_child (parent_id int references fk_parent(id))`)
    await db.execute(sql`insert into fk_parent values (1)`)
    await db.execute(sql`insert into fk_child values (1)`)
    const inUse = await db.execute(sql`delete from fk_parent where id = 1`).catch((error: unknown) => error)
    const missing = await db.execute(sql`insert into fk_child values (2)`).catch((error: unknown) => error)
    expect(databaseRefusal(inUse)).toEqual({ status: 400, detail: T.inUse })
    expect(databaseRefusal(missing)).toEqual({ status: 400, detail: T.relatedMissing })
  })
})
