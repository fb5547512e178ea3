import * as v from 'valibot'
import { OUTBOX_BATCH_MAX } from '../constants'
import { T } from '../texts'

/**
 * One queued edit as the console's outbox sends it (docs/offline.md «Batch replay»): the call the single route
 * would get, with its own Idempotency-Key and, for an update, If-Match.
 */
const outboxEntry = v.object({
  method: v.picklist(['POST', 'PUT', 'PATCH'], T.oneOf(['POST', 'PUT', 'PATCH'])),
  // Only the writes the outbox makes: point create and update, meter edit.
  path: v.pipe(v.string(T.outboxPathInvalid), v.regex(/^\/api\/(points\/([1-9]\d{0,9}\/)?|counters\/[1-9]\d{0,9}\/)$/, T.outboxPathInvalid)),
  body: v.record(v.string(), v.unknown(), T.badRequest),
  headers: v.object(
    {
      'Idempotency-Key': v.pipe(v.string(T.outboxKeyRequired), v.nonEmpty(T.outboxKeyRequired), v.maxLength(200, T.tooLong(200))),
      'If-Match': v.optional(v.pipe(v.string(T.invalidValue), v.maxLength(200, T.tooLong(200)))),
    },
    T.outboxKeyRequired,
  ),
})
export type OutboxEntryInput = v.InferOutput<typeof outboxEntry>

export const outboxBatch = v.object(
  {
    entries: v.pipe(
      v.array(outboxEntry, T.badRequest),
      v.minLength(1, T.outboxBatchEmpty),
      v.maxLength(OUTBOX_BATCH_MAX, T.outboxBatchTooLarge(OUTBOX_BATCH_MAX)),
    ),
  },
  T.outboxBatchEmpty,
)

/** What the single route answered to one entry: status, body and the headers replay reads. */
const outboxResult = v.object({
  status: v.number(),
  body: v.unknown(),
  headers: v.record(v.string(), v.string()),
})
export type OutboxResult = v.InferOutput<typeof outboxResult>

export const outboxBatchAnswer = v.object({ results: v.array(outboxResult) })
