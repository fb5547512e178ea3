import { T } from '../../shared/texts'
import { workSlots } from '../lib/work-slots'

/** What a refused report is told to wait, in seconds: a year of form 80020 takes about a second to build. */
export const REPORT_RETRY_AFTER_S = 5

/** Reports built at once: each holds the main thread for a good part of its time; two in the process, one per user. */
export const reportSlots = () => workSlots({ total: 2, perHolder: 1, retryAfterS: REPORT_RETRY_AFTER_S, mine: T.reportAlreadyBuilding, busy: T.reportsBusy })
