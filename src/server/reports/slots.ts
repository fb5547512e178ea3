import { T } from '../../shared/texts'
import { HttpError } from '../lib/http-errors'

/** Reports built at once by this process: each holds the main thread for a good part of its time. */
const REPORTS_AT_ONCE = 2
/** Reports one user builds at once. */
const REPORTS_PER_USER = 1
/** What a refused request is told to wait, in seconds: a year of form 80020 takes about a second to build. */
export const REPORT_RETRY_AFTER_S = 5

/**
 * Counts the reports being built, in all and per user. A report past either bound is refused with 429 at once,
 * not queued: a queue would hold requests (and their sockets) that the user may long have given up on.
 */
export function reportSlots(limits: { total: number; perUser: number } = { total: REPORTS_AT_ONCE, perUser: REPORTS_PER_USER }) {
  const byUser = new Map<number, number>()
  let total = 0
  return {
    /** Takes a slot for the user or throws 429; the function returned gives the slot back, once. */
    take(userId: number): () => void {
      const mine = byUser.get(userId) ?? 0
      if (mine >= limits.perUser) throw new HttpError(429, { detail: T.reportAlreadyBuilding, retry_after: REPORT_RETRY_AFTER_S })
      if (total >= limits.total) throw new HttpError(429, { detail: T.reportsBusy(REPORT_RETRY_AFTER_S), retry_after: REPORT_RETRY_AFTER_S })
      byUser.set(userId, mine + 1)
      total++
      let given = false
      return () => {
        if (given) return
        given = true
        total--
        const left = byUser.get(userId)! - 1
        if (left > 0) byUser.set(userId, left)
        else byUser.delete(userId)
      }
    },
  }
}
