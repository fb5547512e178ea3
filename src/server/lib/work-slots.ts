import { HttpError } from './http-errors'

/** How many of one kind of work may run at once, and what a request past either bound is told. */
export type SlotLimits = {
  /** At once for one holder (a user, or a subscriber's customer). */
  perHolder: number
  /** What a refused request is told to wait. */
  retryAfterS: number
  /** The holder's own work is still running. */
  mine: string
} & (
  | {
      /** At once in this process. */
      total: number
      /** Other holders' work fills the process. */
      busy: (seconds: number) => string
    }
  | { total?: undefined; busy?: undefined }
)

/**
 * Counts work that holds the main thread (a report, an object's table) or the disk (a filing), in all and per holder. Work past either bound
 * is refused with 429 at once, not queued: a queue would hold requests (and their sockets) that the user may long have
 * given up on.
 */
export function workSlots(limits: SlotLimits) {
  const byHolder = new Map<number, number>()
  let total = 0
  return {
    /** Takes a slot for the holder or throws 429; the function returned gives the slot back, once. */
    take(holder: number): () => void {
      const mine = byHolder.get(holder) ?? 0
      const retry_after = limits.retryAfterS
      if (mine >= limits.perHolder) throw new HttpError(429, { detail: limits.mine, retry_after })
      if (limits.total !== undefined && total >= limits.total) throw new HttpError(429, { detail: limits.busy(retry_after), retry_after })
      byHolder.set(holder, mine + 1)
      total++
      let given = false
      return () => {
        if (given) return
        given = true
        total--
        const left = byHolder.get(holder)! - 1
        if (left > 0) byHolder.set(holder, left)
        else byHolder.delete(holder)
      }
    },
  }
}
