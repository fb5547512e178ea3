import { sql } from 'drizzle-orm'
import type { Executor } from '../db/client'
import { counterModelApis, counterModels, counters, dataParameters } from '../db/schema'

/* Whether a reference row is referred to: the database would refuse its deletion with a foreign key. */

const exists = async (db: Executor, query: ReturnType<typeof sql>): Promise<boolean> => {
  const [row] = await db.execute<{ used: boolean }>(sql`select ${query} as used`).then((r) => r.rows)
  return Boolean(row?.used)
}

export const resourceTypeInUse = (db: Executor, id: number) =>
  exists(
    db,
    sql`exists(select 1 from ${counterModelApis} where resource_type_id = ${id})
    or exists(select 1 from ${counterModels} where resource_type_id = ${id})
    or exists(select 1 from ${dataParameters} where resource_type_id = ${id})`,
  )

export const modelApiInUse = (db: Executor, id: number) => exists(db, sql`exists(select 1 from ${counterModels} where counter_model_api_id = ${id})`)

export const modelInUse = (db: Executor, id: number) => exists(db, sql`exists(select 1 from ${counters} where model_id = ${id})`)
