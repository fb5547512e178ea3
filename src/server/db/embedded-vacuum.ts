import { sql } from 'drizzle-orm'
import type { Executor } from './client'

/**
 * How often the embedded database looks for tables to vacuum or analyze. PostgreSQL's autovacuum looks every minute;
 * here the first collector round of a fresh database fills its tables within that minute, and statements planned while
 * they were empty would scan them whole until the first analyze.
 */
const EMBEDDED_VACUUM_INTERVAL_MS = 15_000

type TableStats = { relname: string; vacuum: boolean }

/**
 * PGlite runs no background workers, so no autovacuum: without it dead rows pile up, the planner keeps the statistics
 * of the first load, and pages never become all-visible, so scans read every row's visibility again.
 * This applies autovacuum's own default thresholds to the tables' counters and vacuums or analyzes the tables that
 * passed them, one statement per table so that queries waiting on the single connection run in between.
 */
export async function vacuumWhereNeeded(db: Executor): Promise<string[]> {
  // The statistics are flushed lazily; the next statement's end makes them current.
  await db.execute(sql`select pg_stat_force_next_flush()`)
  const { rows } = await db.execute<TableStats>(sql`
    select relname, vacuum from (
      select relname,
        n_dead_tup > 50 + 0.2 * n_live_tup or n_ins_since_vacuum > 1000 + 0.2 * n_live_tup as vacuum,
        n_mod_since_analyze > 50 + 0.1 * n_live_tup as analyze_due
      from pg_stat_user_tables) due
    where vacuum or analyze_due
    order by relname`)
  for (const table of rows) {
    const name = sql.identifier(table.relname)
    await db.execute(table.vacuum ? sql`vacuum (analyze) ${name}` : sql`analyze ${name}`)
  }
  return rows.map((table) => table.relname)
}

/** Runs the check now and then every interval until stopped; a failed round is reported and the next one tries again. */
export function startEmbeddedVacuum(db: Executor, onError: (error: unknown) => void, intervalMs = EMBEDDED_VACUUM_INTERVAL_MS): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve()
  const round = () => {
    running = vacuumWhereNeeded(db).catch(onError)
  }
  const timer = setInterval(round, intervalMs)
  timer.unref()
  round()
  return async () => {
    clearInterval(timer)
    await running
  }
}
