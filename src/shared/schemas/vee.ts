import * as v from 'valibot'
import { T } from '../texts'
import { dateText, dateTimeText, formObject, idValue, intValue, numberValue, requiredText } from './common'

/** What the review screen lists: an object's or a point's suspect, estimated and edited intervals in a period. */
export const veeReviewQuery = v.pipe(
  v.object({
    point_id: v.optional(idValue()),
    represent_id: v.optional(idValue()),
    beg_date: dateText(),
    end_date: dateText(),
  }),
  v.check((q) => q.point_id !== undefined || q.represent_id !== undefined, T.veeScopeRequired),
)

/** One half-hour of one meter channel, as the review list names it. */
const intervalKey = {
  counter_id: idValue(),
  channel: intValue(1, 4),
  interval_start: dateTimeText(),
}

export const veeAcceptInput = formObject({ ...intervalKey, reason: requiredText(500, T.veeReasonRequired) })
export const veeEditInput = formObject({ ...intervalKey, value: numberValue(0, 1e9), reason: requiredText(500, T.veeReasonRequired) })
export type VeeAcceptInput = v.InferOutput<typeof veeAcceptInput>
export type VeeEditInput = v.InferOutput<typeof veeEditInput>

const veeReviewRow = v.object({
  point_id: v.number(),
  point_name: v.string(),
  counter_id: v.number(),
  channel: v.number(),
  interval_start: v.string(),
  value: v.nullable(v.number()),
  status: v.number(),
  /** The rule or method of the last change, its reason, the value it replaced, by whom and when. */
  method: v.nullable(v.string()),
  reason: v.nullable(v.string()),
  original_value: v.nullable(v.number()),
  changed_by: v.nullable(v.string()),
  changed_at: v.nullable(v.string()),
})
export type VeeReviewRow = v.InferOutput<typeof veeReviewRow>
export const veeReviewAnswer = v.object({ results: v.array(veeReviewRow) })
