import { count, eq, getTableName, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../db/client'
import { rowCounts, type counters, type points } from '../db/schema'

/** A list's count: the total kept by triggers when the list is unfiltered, else a count of the matching rows. */
export function countRows(db: Executor, table: typeof points | typeof counters, where: SQL | undefined) {
  if (where) return db.select({ count: count() }).from(table).where(where)
  return db
    .select({ count: rowCounts.total })
    .from(rowCounts)
    .where(eq(rowCounts.table_name, getTableName(table)))
}

/** An unfiltered list's kept total as a column of its page's statement: one row to read, so it is asked along. */
export const keptTotal = (db: Executor, table: typeof points | typeof counters) => ({ total: sql<number>`(${countRows(db, table, undefined)})` })
