import { sql, type SQL } from 'drizzle-orm'
import { pgArray } from '../repositories/readings'
import { REGISTER_WIDTHS, ROLLOVER_MARGIN } from './settings'

/* How a total register's readings are read against each other: by validation, estimation and the consumption views. */

/** The width of the register a reading comes from: the smallest of the drivers' widths above it (null above them all). */
const widthAbove = (reading: SQL) => sql`(select min(w) from unnest(${pgArray(REGISTER_WIDTHS)}::float8[]) w where w > ${reading})`

/** Whether the register fell from `earlier` to `later` by rolling over: from the top tenth of its width to its bottom tenth. */
export const rolledOver = (earlier: SQL, later: SQL) => sql`coalesce(${later} < ${earlier}
  and ${earlier} >= ${widthAbove(earlier)} * (1 - ${ROLLOVER_MARGIN}::float8) and ${later} < ${widthAbove(earlier)} * ${ROLLOVER_MARGIN}::float8, false)`

/** What the register counted from `earlier` to `later`: their difference, plus its width across a rollover (negative for a fall). */
export const registerAdvance = (earlier: SQL, later: SQL) =>
  sql`(${later} - ${earlier} + case when ${rolledOver(earlier, later)} then ${widthAbove(earlier)} else 0 end)`
