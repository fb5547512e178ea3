import { T } from '../../shared/texts'
import type { EntityName } from './types'

/** The device refused to store more: the edit was NOT saved and the user must be told so. */
export class OfflineStorageFullError extends Error {
  override readonly name = 'OfflineStorageFullError'

  constructor(options?: { cause?: unknown }) {
    super(T.deviceStorageFull, options)
  }
}

const ENTITY_NOUN: Record<EntityName, string> = { point: 'Точка учёта', counter: 'Счётчик' }

/** An update of a row this device has no copy of, and the screen did not pass one. */
export class MissingLocalRowError extends Error {
  override readonly name = 'MissingLocalRowError'

  constructor(entity: EntityName, entityId: number) {
    super(T.noLocalCopy(ENTITY_NOUN[entity], entityId))
  }
}

/** A resolution asked of an entry that is gone or in another state (another tab may have acted first). */
export class OutboxStateError extends Error {
  override readonly name = 'OutboxStateError'
}

/** Dexie reports quota failures by name, either directly or as the inner cause of an aborted transaction. */
function isQuotaExceeded(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = (current as { inner?: unknown }).inner) {
    if (current.name === 'QuotaExceededError') return true
  }
  return false
}

export function asStorageError(error: unknown): unknown {
  return isQuotaExceeded(error) ? new OfflineStorageFullError({ cause: error }) : error
}
