import { count, eq, getTableName, type SQL } from 'drizzle-orm'
import type { Executor } from '../db/client'
import { rowCounts, type counters, type points } from '../db/schema'

/** A list's count: the total kept by triggers when the list is unfiltered, else a count of the matching rows. */
export function countRows(db: Executor, table: typeof points | typeof counters, where: SQL | undefined) {
  if (where) return db.select({ count: count() }).from(table).where(where)
  return db.select({ count: rowCounts.total }).from(rowCounts).where(eq(rowCounts.table_name, getTableName(table)))
}
