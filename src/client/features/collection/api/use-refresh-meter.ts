import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { CURRENT_DATA_POLL_MS } from '../../../../shared/constants'
import { notify } from '../../../components/ui/notify'
import { collectionKeys, currentDataQueryOptions, requestCurrentData } from './collection'

/**
 * A meter's current data and the 'Обновить' action: asks the collecting service for a fresh read and re-polls every
 * second while the request is PENDING.
 */
export function useRefreshMeter(counterId: number, enabled = true) {
  const queryClient = useQueryClient()
  const [asking, setAsking] = useState(false)
  const query = useQuery({
    ...currentDataQueryOptions(counterId, false),
    enabled,
    refetchInterval: (q) => (q.state.data?.task?.status === 'PENDING' ? CURRENT_DATA_POLL_MS : false),
  })
  const refresh = async () => {
    setAsking(true)
    try {
      queryClient.setQueryData(collectionKeys.currentData(counterId), await requestCurrentData(counterId))
    } catch (error) {
      notify.error(error)
    } finally {
      setAsking(false)
    }
  }
  return { query, refresh, asking, status: query.data?.task?.status ?? null }
}
