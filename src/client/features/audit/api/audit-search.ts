import * as v from 'valibot'
import { listSearchEntries } from '../../../lib/list-search'

/**
 * The URL search of the audit trail: paging, the kind of entity, one entity's id (a link from its screen), the user.
 * The screen has no search box or sorting: the server gives the trail newest first.
 */
export const auditSearch = v.object({
  page: listSearchEntries.page,
  per_page: listSearchEntries.per_page,
  entity: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(64)), ''), ''),
  // The router reads `entity_id=15` from a link as the number 15.
  entity_id: v.fallback(v.optional(v.pipe(v.union([v.string(), v.pipe(v.number(), v.transform(String))]), v.maxLength(64)), ''), ''),
  user_id: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))), undefined),
})
export type AuditSearch = v.InferOutput<typeof auditSearch>
