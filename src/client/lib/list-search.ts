import * as v from 'valibot'
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../../shared/constants'

/** The URL search of a list screen: page, per_page, search, ordering; anything odd falls back to the default. */
export const listSearchEntries = {
  page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 1), 1),
  per_page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(PAGE_SIZE_MAX)), PAGE_SIZE_DEFAULT), PAGE_SIZE_DEFAULT),
  search: v.fallback(v.optional(v.string(), ''), ''),
  ordering: v.fallback(v.optional(v.string(), ''), ''),
}
export const listSearch = v.object(listSearchEntries)
export type ListSearch = v.InferOutput<typeof listSearch>
/** The least a list's search holds: its page and the page's size. */
export type PageSearch = Pick<ListSearch, 'page' | 'per_page'>

/** An id a screen's address may carry (`?resource_type=1`); anything else reads as none. */
export const optionalId = v.fallback(v.optional(v.number()), undefined)
