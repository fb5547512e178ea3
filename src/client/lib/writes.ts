import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query'
import { DELETE_REFRESH_DELAY_MS } from '../../shared/constants'

/**
 * One write as a mutation hook, the way bulletproof-react writes them: the call, and the queries it makes stale,
 * refreshed once it has succeeded. A feature's api/ exports one such hook per operation (`useDeleteCustomer`), so
 * that a screen never invalidates queries by hand.
 */
export function useWrite<TVariables, TData = unknown>(mutationFn: (variables: TVariables) => Promise<TData>, stale: readonly QueryKey[], refreshAfterMs = 0) {
  const queryClient = useQueryClient()
  const refresh = () => stale.forEach((queryKey) => void queryClient.invalidateQueries({ queryKey }))
  return useMutation({ mutationFn, onSuccess: () => void (refreshAfterMs ? setTimeout(refresh, refreshAfterMs) : refresh()) })
}

/** A delete: the lists showing the row refresh a second after it, as the spec's screens do. */
export const useDeleteWrite = <TVariables>(mutationFn: (variables: TVariables) => Promise<unknown>, stale: readonly QueryKey[]) =>
  useWrite(mutationFn, stale, DELETE_REFRESH_DELAY_MS)
