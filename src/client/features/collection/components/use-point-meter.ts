import { useQuery } from '@tanstack/react-query'
import { pointCountersQueryOptions } from '../../points/api/points'

/** The meter installed on a point now, if any: the schedule, phase and info views work on it. */
export function usePointMeter(pointId: number) {
  const counters = useQuery(pointCountersQueryOptions(pointId))
  const current = counters.data?.results.find((c) => c.is_current)
  return { meter: current, isPending: counters.isPending, error: counters.error, retry: () => void counters.refetch() }
}
