import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type * as v from 'valibot'
import type { ListName, ListRows } from '../offline'
import { api } from './api-client'
import { serverOrDeviceCopy } from './device-copy'
import { loadOffline } from './lazy-offline'
import type { ListSearch } from './list-search'
import { session } from './session'

/**
 * A busy list the device keeps a copy of (points, meters; docs/offline.md): its query answers from the server, or,
 * when the server is out of reach, from the device's copy, searched, sorted and paged the same way (`offline` says
 * which); `mirror` refreshes the whole copy, for `useListMirror`.
 */
export function mirroredList<L extends ListName>(list: L, path: string, schema: v.GenericSchema<unknown, { count: number; results: ListRows[L][] }>) {
  return {
    queryOptions: (search: ListSearch) =>
      queryOptions({
        queryKey: [list, 'list', search] as const,
        queryFn: ({ signal }): Promise<{ count: number; results: ListRows[L][]; offline: boolean }> =>
          serverOrDeviceCopy(
            () => api(path, { query: search, schema, signal }),
            (offline) =>
              offline.seenBy(session.userId()).list(list, { search: search.search, ordering: search.ordering, page: search.page, perPage: search.per_page }),
          ),
        placeholderData: keepPreviousData,
      }),
    mirror: async (): Promise<void> => {
      const all = await api(path, { query: { page_size: 'all' }, schema })
      await (await loadOffline()).cacheServerRows(list, all.results, { complete: true })
    },
  }
}
