import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { marketAreaInput, type MarketArea } from '../../../../shared/schemas/reports'
import { api } from '../../../lib/api-client'

const marketAreaKey = (representId: number) => ['represents', representId, 'market_area'] as const

/** The owner of an object's metering area, as its points' 80020 messages name it. */
export const marketAreaQueryOptions = (representId: number) =>
  queryOptions({
    queryKey: marketAreaKey(representId),
    queryFn: ({ signal }) => api(`/api/represents/${representId}/market_area/`, { schema: marketAreaInput, signal }),
  })

/** The area saved; the answer is the area as stored, put in place of the shown one. */
export function useSaveMarketArea(representId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (area: MarketArea) => api(`/api/represents/${representId}/market_area/`, { method: 'PUT', body: area, schema: marketAreaInput }),
    onSuccess: (saved) => queryClient.setQueryData(marketAreaKey(representId), saved),
  })
}
