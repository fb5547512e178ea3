/** One lock name for every tab and the service worker: only one of them sends the outbox at a time. */
const FLUSH_LOCK_NAME = 'outbox-flush'

let heldInThisContext = false

/**
 * Runs `work` while holding the flush lock, or returns null at once if someone else holds it (the
 * holder sends everything due, including entries added meanwhile). Without Web Locks (old browsers,
 * tests) the lock only covers this tab; a second tab resending is still safe thanks to Idempotency-Key.
 */
export async function withFlushLock<T>(work: () => Promise<T>): Promise<T | null> {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks
  if (locks) {
    return locks.request(FLUSH_LOCK_NAME, { ifAvailable: true }, (lock) => (lock ? work() : null))
  }
  if (heldInThisContext) return null
  heldInThisContext = true
  try {
    return await work()
  } finally {
    heldInThisContext = false
  }
}
