import * as v from 'valibot'
import { idFilter, isoTime, pageOnlyListQueryEntries, paged } from './common'
import { T } from '../texts'

const auditEntry = v.object({
  audit_id: v.number(),
  user_id: v.nullable(v.number()),
  user_name: v.nullable(v.string()),
  entity: v.string(),
  entity_id: v.string(),
  action: v.string(),
  before: v.unknown(),
  after: v.unknown(),
  remark: v.nullable(v.string()),
  created_at: isoTime(),
})
export type AuditEntry = v.InferOutput<typeof auditEntry>
export const auditList = paged(auditEntry)

export const auditQuery = v.object({
  ...pageOnlyListQueryEntries,
  entity: v.optional(v.pipe(v.string(T.invalidValue), v.trim(), v.maxLength(64, T.tooLong(64))), ''),
  entity_id: v.optional(v.pipe(v.string(T.invalidValue), v.trim(), v.maxLength(64, T.tooLong(64))), ''),
  /** The user who made the changes. */
  user_id: idFilter(),
})
