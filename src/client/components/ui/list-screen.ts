import { useQuery, useQueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query'
import { T } from '../../../shared/texts'
import type { ListSearch, PageSearch } from '../../lib/list-search'
import { listPaging } from './data-table'

/** What a list's query answers: a page of rows, how many there are in all, and whether it is the device's copy. */
type ListAnswer = { count: number; results: unknown[]; offline?: boolean }
type ListQueryOptions<S, TAnswer, TKey extends QueryKey> = (search: S) => UseQueryOptions<TAnswer, Error, TAnswer, TKey>

/** The route a list screen is on (the `Route` of its file): its search and its navigation. */
type ListRouteApi<S> = { useSearch: () => S; useNavigate: () => (options: { search: (previous: NoInfer<S>) => NoInfer<S> }) => Promise<void> }

/**
 * What a list screen reads from its route and its query: the search and `setSearch`, the query, the `ListHeader`
 * props (`header`: the search box, when the list has one, and the offline banner), the `DataTable` props (`table`:
 * rows, paging, sorting, loading, error, and what a search that found nothing says), and `refresh`, which re-reads every query of the list's area (the first
 * element of its key, `xKeys.all`), for a dialog's `onDone`.
 */
export function useListScreen<S extends PageSearch, TAnswer extends ListAnswer, TKey extends QueryKey>(
  route: ListRouteApi<S>,
  queryOptions: ListQueryOptions<S, TAnswer, TKey>,
) {
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const options = queryOptions(search)
  const query = useQuery(options)
  const queryClient = useQueryClient()
  const setSearch = (patch: Partial<S> | Partial<ListSearch>) => navigate({ search: (previous) => ({ ...previous, ...patch }) })
  const text = (search as Partial<ListSearch>).search
  return {
    search,
    setSearch,
    query,
    header: {
      search: text,
      onSearch: text === undefined ? undefined : (next: string) => setSearch({ search: next, page: 1 }),
      offline: query.data?.offline,
    },
    table: {
      rows: (query.data?.results ?? []) as TAnswer['results'],
      ...listPaging(search, setSearch, query),
      // Only while searching: otherwise the screen's own empty text (or the spec's) stands.
      ...(text ? { emptyText: T.notFoundBySearch(text) } : {}),
    },
    refresh: () => queryClient.invalidateQueries({ queryKey: options.queryKey.slice(0, 1) }),
  }
}
