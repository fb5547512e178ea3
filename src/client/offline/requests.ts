import { COUNTER_WRITABLE_FIELDS, POINT_WRITABLE_FIELDS, type OutboxEntry } from './types'
import type { TransportRequest } from './transport'

function pick(source: object, fields: readonly string[]): Record<string, unknown> {
  const values = source as Record<string, unknown>
  return Object.fromEntries(fields.filter((field) => values[field] !== undefined).map((field) => [field, values[field]]))
}

/** The API call of an entry, as the server implements it (metering.md section 7, DESIGN.md section 4). */
export function requestFor(entry: OutboxEntry): TransportRequest {
  const idempotency = { 'Idempotency-Key': entry.mutationId }
  const conditional = { ...idempotency, 'If-Match': `"${entry.baseVersion}"` }
  if (entry.entity === 'counter') {
    return {
      method: 'PATCH',
      path: `/api/counters/${entry.entityId}/`,
      body: pick(entry.patch, COUNTER_WRITABLE_FIELDS),
      headers: conditional,
    }
  }
  if (entry.op === 'create') {
    return { method: 'POST', path: '/api/points/', body: pick(entry.patch, POINT_WRITABLE_FIELDS), headers: idempotency }
  }
  // PUT replaces the whole point: the row the patch was made on supplies the fields the user did not touch.
  return {
    method: 'PUT',
    path: `/api/points/${entry.entityId}/`,
    body: pick({ ...entry.base, ...entry.patch }, POINT_WRITABLE_FIELDS),
    headers: conditional,
  }
}
