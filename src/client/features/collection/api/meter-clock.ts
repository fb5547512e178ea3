import { queryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import { driftingMeter, meterClock } from '../../../../shared/schemas/meter-clock'
import { api } from '../../../lib/api-client'

const meterClockKeys = {
  clock: (counterId: number) => ['meter_clock', counterId] as const,
  drifting: ['meter_clocks', 'drifting'] as const,
}

export const meterClockQueryOptions = (counterId: number) =>
  queryOptions({
    queryKey: meterClockKeys.clock(counterId),
    queryFn: ({ signal }) => api(`/api/counters/${counterId}/clock/`, { schema: meterClock, signal }),
  })

export const driftingMetersQueryOptions = (refreshMs: number | false) =>
  queryOptions({
    queryKey: meterClockKeys.drifting,
    queryFn: ({ signal }) => api('/api/monitoring/clocks/', { schema: v.array(driftingMeter), signal }),
    refetchInterval: refreshMs,
  })
