import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query'
import { DELETE_REFRESH_DELAY_MS } from '../../shared/constants'

/**
 * One write as a mutation hook, the way bulletproof-react writes them: the call, and the queries it makes stale,
 * refreshed once it has succeeded. A feature's api/ exports one such hook per operation (`useDeleteCustomer`), so
 * that a screen never invalidates queries by hand. The write stays pending until the refresh is in, so a dialog
 * closes onto the new values; a delayed refresh (a delete's) is not waited for.
 */
export function useWrite<TVariables, TData = unknown>(mutationFn: (variables: TVariables) => Promise<TData>, stale: readonly QueryKey[], refreshAfterMs = 0) {
  const queryClient = useQueryClient()
  const refresh = () => Promise.all(stale.map((queryKey) => queryClient.invalidateQueries({ queryKey })))
  return useMutation({ mutationFn, onSuccess: () => (refreshAfterMs ? void setTimeout(refresh, refreshAfterMs) : refresh()) })
}

/** A delete: the lists showing the row refresh a second after it, as the spec's screens do. */
export const useDeleteWrite = <TVariables>(mutationFn: (variables: TVariables) => Promise<unknown>, stale: readonly QueryKey[]) =>
  useWrite(mutationFn, stale, DELETE_REFRESH_DELAY_MS)
