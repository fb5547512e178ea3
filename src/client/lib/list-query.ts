import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type * as v from 'valibot'
import { api, type RequestOptions } from './api-client'
import type { ListSearch, PageSearch } from './list-search'

/** How a list keeps up with changes made elsewhere: kept fresh for a while, or read again every so often. */
type ListFreshness = { staleTime?: number; refetchInterval?: number }

/**
 * The query options of a list the server pages: the key `[area, 'list', search]` under the area's (`xKeys.all`, which
 * a write refreshes), the search sent as the query string unless `query` says what to send, the answer
 * parsed with the shared schema, and the page shown kept while the next one loads.
 */
export function pagedListQueryOptions<TSchema extends v.GenericSchema, S extends PageSearch = ListSearch>(
  area: readonly [string],
  path: string,
  schema: TSchema,
  query: (search: S) => RequestOptions<TSchema>['query'] = (search) => search,
  freshness: ListFreshness = {},
) {
  return (search: S) =>
    queryOptions({
      queryKey: [area[0], 'list', search] as const,
      queryFn: ({ signal }) => api(path, { query: query(search), schema, signal }),
      placeholderData: keepPreviousData,
      ...freshness,
    })
}
