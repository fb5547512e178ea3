import { useQuery, useQueryClient } from '@tanstack/react-query'
import { CURRENT_DATA_POLL_MS } from '../../../../shared/constants'
import { useBusyAction } from '../../../components/ui/use-busy-action'
import { collectionKeys, currentDataQueryOptions, requestCurrentData } from './collection'

/**
 * A meter's current data and the 'Обновить' action: asks the collecting service for a fresh read and re-polls every
 * second while the request is PENDING.
 */
export function useRefreshMeter(counterId: number, enabled = true) {
  const queryClient = useQueryClient()
  const { busy: asking, run } = useBusyAction()
  const query = useQuery({
    ...currentDataQueryOptions(counterId, false),
    enabled,
    refetchInterval: (q) => (q.state.data?.task?.status === 'PENDING' ? CURRENT_DATA_POLL_MS : false),
  })
  const refresh = () => run(async () => queryClient.setQueryData(collectionKeys.currentData(counterId), await requestCurrentData(counterId)))
  return { query, refresh, asking, status: query.data?.task?.status ?? null }
}
