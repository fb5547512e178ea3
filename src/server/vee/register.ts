import { sql, type SQL } from 'drizzle-orm'
import { pgArray } from '../repositories/readings'
import { REGISTER_WIDTHS, ROLLOVER_MARGIN } from './settings'

/* How a total register's readings are read against each other: by validation, estimation and the consumption views. */

const DRIVERS = Object.keys(REGISTER_WIDTHS)

/**
 * The width of the meter's total register, by its model's driver (null for a protocol without one known). Not guessed
 * from the reading: 950 000 kWh is below the Mercury 206's width, and a Mercury 230 reset from there would pass as its
 * rollover.
 */
const registerWidth = (counterId: SQL) => sql`(select w.width from counters c
  join counter_models m on m.model_id = c.model_id
  join counter_model_apis api on api.counter_model_api_id = m.counter_model_api_id
  join unnest(${pgArray(DRIVERS)}::text[], ${pgArray(DRIVERS.map((driver) => REGISTER_WIDTHS[driver]))}::float8[]) w(driver, width) on w.driver = api.driver
  where c.counter_id = ${counterId})`

/** Whether the meter's register fell from `earlier` to `later` by rolling over: from the top tenth of its width to its bottom tenth. */
export const rolledOver = (counterId: SQL, earlier: SQL, later: SQL) => sql`coalesce(${later} < ${earlier}
  and ${earlier} >= ${registerWidth(counterId)} * (1 - ${ROLLOVER_MARGIN}::float8)
  and ${later} < ${registerWidth(counterId)} * ${ROLLOVER_MARGIN}::float8, false)`

/** What the meter's register counted from `earlier` to `later`: their difference, plus its width across a rollover (negative for a fall). */
export const registerAdvance = (counterId: SQL, earlier: SQL, later: SQL) =>
  sql`(${later} - ${earlier} + case when ${rolledOver(counterId, earlier, later)} then ${registerWidth(counterId)} else 0 end)`
