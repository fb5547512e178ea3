import { queryOptions } from '@tanstack/react-query'
import { marketAreaInput, type MarketArea } from '../../../../shared/schemas/reports'
import { api } from '../../../lib/api-client'

/** The owner of an object's metering area, as its points' 80020 messages name it. */
export const marketAreaQueryOptions = (representId: number) =>
  queryOptions({
    queryKey: ['represents', representId, 'market_area'] as const,
    queryFn: ({ signal }) => api(`/api/represents/${representId}/market_area/`, { schema: marketAreaInput, signal }),
  })

export const saveMarketArea = (representId: number, area: MarketArea) =>
  api(`/api/represents/${representId}/market_area/`, { method: 'PUT', body: area, schema: marketAreaInput })
