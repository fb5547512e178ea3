import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { T } from '../../src/shared/texts'
import { databaseRefusal } from '../../src/server/plugins/errors'
import { startTestApp, type TestApp } from '../helpers/test-app'

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
