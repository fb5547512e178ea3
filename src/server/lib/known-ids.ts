import { inArray } from 'drizzle-orm'
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
