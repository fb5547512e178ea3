import * as v from 'valibot'
import { DOC_STATUSES } from '../../../../shared/constants'
import { listSearchEntries } from '../../../lib/list-search'

const statusIds = Object.keys(DOC_STATUSES).map(Number)

/** The URL search of the applications list: paging, a status chip (none: all) and the archived switch. */
export const requestsSearch = v.object({
  page: listSearchEntries.page,
  per_page: listSearchEntries.per_page,
  status: v.fallback(
    v.optional(
      v.pipe(
        v.number(),
        v.check((n) => statusIds.includes(n)),
      ),
    ),
    undefined,
  ),
  archived: v.fallback(v.optional(v.boolean(), false), false),
})
export type RequestsSearch = v.InferOutput<typeof requestsSearch>
