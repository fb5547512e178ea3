import { T } from '../../shared/texts'
import { FIELD_LABELS } from './field-labels'
import type { OutboxEntry, OutboxError } from './types'

/** The labels of the fields an edit sends, for the readable form of a field error. */
const LABELS: Record<string, string> = { ...FIELD_LABELS.point, ...FIELD_LABELS.counter }

/** DRF-style keys of errors that belong to no field. */
const GENERAL_KEYS = new Set(['non_field_errors', 'detail'])

function fieldErrors(body: object): Record<string, string[]> | null {
  const fields: Record<string, string[]> = {}
  for (const [field, value] of Object.entries(body)) {
    const messages = typeof value === 'string' ? [value] : value
    if (!Array.isArray(messages) || !messages.every((message) => typeof message === 'string')) return null
    fields[field] = messages
  }
  return Object.keys(fields).length > 0 ? fields : null
}

/** A 4xx answer (`{detail: "..."}` or `{field: ["msg"]}`) kept structured and as one readable Russian line. */
export function describeRejection(status: number, body: unknown): OutboxError {
  if (typeof body === 'object' && body !== null) {
    const { detail } = body as { detail?: unknown }
    if (typeof detail === 'string') return { status, message: detail }
    const fields = fieldErrors(body)
    if (fields) {
      const message = Object.entries(fields)
        .map(([field, messages]) => (GENERAL_KEYS.has(field) ? '' : `${LABELS[field] ?? field}: `) + messages.join(' '))
        .join('; ')
      return { status, message, fields }
    }
  }
  return { status, message: T.outboxRejectedCode(status) }
}

/** Why an attempt will be repeated; `status` is absent when the request never got an answer. */
export function describeRetry(status?: number): OutboxError {
  if (status === undefined) return { message: T.outboxRetryNoConnection }
  if (status === 408) return { status, message: T.outboxRetryTimeout }
  if (status === 429) return { status, message: T.outboxRetryTooMany }
  if (status >= 200 && status < 300) return { status, message: T.outboxRetryUnreadable }
  return { status, message: T.outboxRetryUnavailable(status) }
}

/**
 * A waiting entry whose last attempt the server answered with an error, to go again after its back-off: describeRetry
 * keeps the answer's status, and only an attempt that got no answer at all (no connection) has none.
 */
export const retriesAfterServerError = (entry: OutboxEntry): boolean => entry.status === 'pending' && entry.lastError?.status !== undefined

/**
 * How many of the entry's attempts got no answer at all. An entry stored before they were counted apart has all its
 * attempts so when its last one got none (describeRetry keeps no status), as its card said («— сервер не отвечал»).
 */
export const unansweredAttempts = (entry: OutboxEntry): number =>
  entry.unanswered ?? (entry.lastError !== null && entry.lastError.status === undefined ? entry.attempts : 0)
