import { parseRetryAfter } from './backoff'
import { asServerRow, type AnyRow } from './entities'
import { describeRejection, describeRetry } from './server-errors'
import { headerValue, type TransportResponse } from './transport'
import type { EntityName, OutboxError } from './types'

/** What a server answer means for the entry that was sent (DESIGN.md section 6, replay). */
export type Answer =
  | { kind: 'applied'; row: AnyRow }
  | { kind: 'conflict'; serverRow: AnyRow | null }
  | { kind: 'rejected'; error: OutboxError }
  | { kind: 'retry'; error: OutboxError; retryAfterMs: number | null }
  | { kind: 'auth-required' }
  /** No answer at all: the transport threw a NetworkError. */
  | { kind: 'unreachable' }

export function classifyAnswer(entity: EntityName, response: TransportResponse, now: number): Answer {
  const { status, body, headers } = response
  if (status >= 200 && status < 300) {
    const row = asServerRow(entity, body)
    // Without the stored row the cache cannot be updated; a replay under the same key returns the answer again.
    return row ? { kind: 'applied', row } : { kind: 'retry', error: describeRetry(status), retryAfterMs: null }
  }
  if (status === 401) return { kind: 'auth-required' }
  if (status === 412) return { kind: 'conflict', serverRow: asServerRow(entity, body) }
  if (status === 408 || status === 429 || status >= 500) {
    return { kind: 'retry', error: describeRetry(status), retryAfterMs: parseRetryAfter(headerValue(headers, 'Retry-After'), now) }
  }
  return { kind: 'rejected', error: describeRejection(status, body) }
}
