import { inArray, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { Executor } from '../db/client'

/** The ids without repeats, once all are rows of `column`'s table; an id that is not one is refused with `refusal`. */
export async function knownIds(db: Executor, column: PgColumn, ids: number[], refusal: Error): Promise<number[]> {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return unique
  const found = await db.select({ id: column }).from(column.table).where(inArray(column, unique))
  if (found.length !== unique.length) throw refusal
  return unique
}

/** Whether a row other than `exceptId` (by its key `id`) holds `name` in `column`, whatever the case. */
export async function nameTaken(db: Executor, column: PgColumn, id: PgColumn, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id })
    .from(column.table)
    .where(sql`lower(${column}) = lower(${name})`)
  return row !== undefined && row.id !== exceptId
}
