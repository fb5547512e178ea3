/** The offline layer's public API: screens and the service worker import from here. */
export { DB_NAME, MeteringDb, SCHEMA_VERSIONS, offlineDb, type SchemaVersion } from './db'
export { cacheServerRows, getCachedRow, lastRefreshedAt, onCachedListChange, queryCachedList, seenBy, type CacheReport } from './cached-lists'
export type { ListPage, ListQuery } from './list-query'
export {
  applyMirrorChanges,
  cachedConnParamsOf,
  cachedInstallationsOf,
  cachedReadingsOf,
  lastMirroredAt,
  mirrorCursor,
  MIRRORED_LISTS,
  type MirrorChanges,
} from './mirror'
export { POINT_ORDERINGS, type ListName, type ListRows, type PointOrdering } from './lists'
export { adoptUnauthored, enqueueEdit, countWaiting, listOutbox, resolveTempId, subscribeDeviceOutbox } from './outbox'
export { baseAsSeenBy, blockerAmong, waitingBehind, type Blocker, type WaitReason } from './waiting'
export { retriesAfterServerError, unansweredAttempts } from './server-errors'
export { flushOutbox, type FlushOptions, type FlushReport } from './replay'
export { discard, keepMine, merge, recreate, resend, takeOver, takeTheirs } from './resolutions'
export { changesElsewhere, conflictFields, type ConflictField } from './conflicts'
export { httpTransport, NetworkError, type Transport, type TransportRequest, type TransportResponse } from './transport'
export { MissingLocalRowError, OfflineStorageFullError, OutboxStateError } from './errors'
export { FIELD_LABELS } from './field-labels'
export * from './types'
