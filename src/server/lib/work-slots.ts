import { HttpError } from './http-errors'

/** How many of one kind of work may run at once, and what a request past either bound is told. */
export interface SlotLimits {
  /** At once in this process. */
  total: number
  /** At once for one user. */
  perUser: number
  /** What a refused request is told to wait. */
  retryAfterS: number
  /** The user's own work is still running. */
  mine: string
  /** Other users' work fills the process. */
  busy: (seconds: number) => string
}

/**
 * Counts work that holds the main thread (a report, an object's table), in all and per user. Work past either bound
 * is refused with 429 at once, not queued: a queue would hold requests (and their sockets) that the user may long have
 * given up on.
 */
export function workSlots(limits: SlotLimits) {
  const byUser = new Map<number, number>()
  let total = 0
  return {
    /** Takes a slot for the user or throws 429; the function returned gives the slot back, once. */
    take(userId: number): () => void {
      const mine = byUser.get(userId) ?? 0
      const retry_after = limits.retryAfterS
      if (mine >= limits.perUser) throw new HttpError(429, { detail: limits.mine, retry_after })
      if (total >= limits.total) throw new HttpError(429, { detail: limits.busy(retry_after), retry_after })
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
