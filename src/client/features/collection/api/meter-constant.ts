import { queryOptions } from '@tanstack/react-query'
import { meterConstant } from '../../../../shared/schemas/meter-constant'
import { api } from '../../../lib/api-client'

export const meterConstantQueryOptions = (counterId: number) =>
  queryOptions({
    queryKey: ['meter_constant', counterId] as const,
    queryFn: ({ signal }) => api(`/api/counters/${counterId}/constant/`, { schema: meterConstant, signal }),
  })
