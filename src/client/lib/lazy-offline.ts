/**
 * The offline layer (Dexie) and the outbox flusher load on first use, so that the login page and the first
 * paint do not carry them.
 */
export const loadOffline = () => import('../offline')
export const flushSoon = () => void import('../app/sync').then((sync) => sync.flushNow())
