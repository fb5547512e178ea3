import { T } from '../../shared/texts'
import { workSlots } from '../lib/work-slots'

/** What a refused table is told to wait, in seconds: a quarter of half-hours of an object is built in a fraction of one. */
export const TABLE_RETRY_AFTER_S = 2

/**
 * An object's balance or readings (the chart, the table, their CSV) built at once: each holds the main thread for tens
 * of milliseconds per point, and a flood of them from one viewer made /api/health/ wait seconds. Two per user (the
 * chart and a CSV), four in the process.
 */
export const tableSlots = () => workSlots({ total: 4, perHolder: 2, retryAfterS: TABLE_RETRY_AFTER_S, mine: T.tableAlreadyBuilding, busy: T.tablesBusy })
