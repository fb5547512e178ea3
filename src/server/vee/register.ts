import { sql, type SQL } from 'drizzle-orm'
import { pgArray } from '../repositories/readings'
import { REGISTER_WIDTHS, ROLLOVER_MARGIN } from './settings'

/* How a total register's readings are read against each other: by validation, estimation and the consumption views. */

const DRIVERS = Object.keys(REGISTER_WIDTHS)

/**
 * `expression` of the width of the meter's total register, looked up once: by its model's driver (null for a protocol
 * without one known). Not guessed from the reading: 950 000 kWh is below the Mercury 206's width, and a Mercury 230
 * reset from there would pass as its rollover.
 */
const withRegisterWidth = (counterId: SQL, expression: (width: SQL) => SQL) => sql`(select ${expression(sql`w.width`)} from (select (
  select widths.width from counters c
  join counter_models m on m.model_id = c.model_id
  join counter_model_apis api on api.counter_model_api_id = m.counter_model_api_id
  join unnest(${pgArray(DRIVERS)}::text[], ${pgArray(DRIVERS.map((driver) => REGISTER_WIDTHS[driver]))}::float8[]) widths(driver, width)
    on widths.driver = api.driver
  where c.counter_id = ${counterId}) as width) w)`

/** A fall from the top tenth of the width to its bottom tenth. */
const rollsOver = (width: SQL, earlier: SQL, later: SQL) => sql`coalesce(${later} < ${earlier}
  and ${earlier} >= ${width} * (1 - ${ROLLOVER_MARGIN}::float8) and ${later} < ${width} * ${ROLLOVER_MARGIN}::float8, false)`

/** Whether the meter's register fell from `earlier` to `later` by rolling over: from the top tenth of its width to its bottom tenth. */
export const rolledOver = (counterId: SQL, earlier: SQL, later: SQL) => withRegisterWidth(counterId, (width) => rollsOver(width, earlier, later))

/** What the meter's register counted from `earlier` to `later`: their difference, plus its width across a rollover (negative for a fall). */
export const registerAdvance = (counterId: SQL, earlier: SQL, later: SQL) =>
  withRegisterWidth(counterId, (width) => sql`${later} - ${earlier} + case when ${rollsOver(width, earlier, later)} then ${width} else 0 end`)
