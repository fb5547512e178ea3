import type { QueryClient, QueryKey, UseQueryOptions } from '@tanstack/react-query'
import type * as v from 'valibot'
import type { PageSearch } from './list-search'

/**
 * The route options of a list screen, apart from its screen (`useListScreen`):
 *   createFileRoute('/_app/x')({ ...listRoute(listSearch), loader: listLoader(xQueryOptions), component: XPage })
 * `loader` and `component` stay properties of the route's own options, so that the router splits them out of the
 * first load; this module stays light for the same reason (types only).
 */
export function listRoute<S extends PageSearch>(validateSearch: v.GenericSchema<unknown, S>) {
  return { validateSearch, loaderDeps: ({ search }: { search: S }) => search }
}

/** The loader of a list screen: the page's answer ready before the screen shows. */
export function listLoader<S extends PageSearch, TAnswer, TKey extends QueryKey>(queryOptions: (search: S) => UseQueryOptions<TAnswer, Error, TAnswer, TKey>) {
  return ({ context, deps }: { context: { queryClient: QueryClient }; deps: S }) => context.queryClient.ensureQueryData(queryOptions(deps))
}
