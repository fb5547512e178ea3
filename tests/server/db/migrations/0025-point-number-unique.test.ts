import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asc, sql } from 'drizzle-orm'
import type { Database } from '../../../../src/server/db/client'
import { points } from '../../../../src/server/db/schema'
import { openTestDatabase } from '../../../helpers/test-database'

const MIGRATION = new URL('../../../../src/server/db/migrations/0025_point_number_unique.sql', import.meta.url)

let database: Database
beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(() => database.close())

describe('migration 0025: unique point_number', () => {
  it('keeps a shared number on the oldest point, gives each later one its id, and builds the unique index', async () => {
    const db = database.db
    // The table as it was before 0025, holding points that share a number.
    await db.execute(sql`drop index points_number_key`)
    await db.execute(sql`create index points_number_idx on points (point_number)`)
    const long = 'Д'.repeat(50)
    const rows = await db
      .insert(points)
      .values([
        { point_number: '35-001024', name: 'Первая', address: 'ул. Мира, 1' },
        { point_number: '35-001024', name: 'Вторая', address: 'ул. Мира, 2' },
        { point_number: '35-001025', name: 'Своя', address: 'ул. Мира, 3' },
        { point_number: '35-001024', name: 'Третья', address: 'ул. Мира, 4' },
        { point_number: long, name: 'Длинная', address: 'ул. Мира, 5' },
        { point_number: long, name: 'Длинная 2', address: 'ул. Мира, 6' },
      ])
      .returning({ id: points.point_id })
    const ids = rows.map((row) => row.id)

    for (const statement of readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint')) await db.execute(sql.raw(statement))

    const after = await db.select({ number: points.point_number, version: points.version }).from(points).orderBy(asc(points.point_id))
    const suffix = (id: number) => ` #${id}`
    expect(after).toEqual([
      { number: '35-001024', version: 1 },
      { number: `35-001024${suffix(ids[1]!)}`, version: 2 },
      { number: '35-001025', version: 1 },
      { number: `35-001024${suffix(ids[3]!)}`, version: 2 },
      { number: long, version: 1 },
      { number: long.slice(0, 50 - suffix(ids[5]!).length) + suffix(ids[5]!), version: 2 },
    ])
    await expect(db.insert(points).values({ point_number: '35-001025', name: 'Дубль', address: 'ул. Мира, 7' })).rejects.toThrow()
  })
})
