import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import {
  availablePoints,
  counterValues,
  healthMap,
  profileData,
  represent,
  representPoints,
  representTree,
  pointSignAnswer,
  type CounterValuesQueryInput,
  type ProfileQueryInput,
  type RepresentCreate,
  type RepresentPoint,
  type RepresentTreeRow,
  type RepresentUpdate,
} from '../../../../shared/schemas/represents'
import { HEALTH_CHECK_PERIOD_MS } from '../../../../shared/constants'
import { api, downloadFile } from '../../../lib/api-client'
import { serverOrDeviceCopy } from '../../../lib/device-copy'
import { loadOffline } from '../../../lib/lazy-offline'
import { session } from '../../../lib/session'
import { useWrite } from '../../../lib/writes'

const representKeys = {
  all: ['represents'] as const,
  tree: ['represents', 'tree'] as const,
  health: ['represents', 'health'] as const,
  one: (id: number) => ['represents', 'one', id] as const,
  points: (id: number, halfsNum?: number) => ['represents', 'points', id, halfsNum] as const,
  available: (id: number) => ['represents', 'available', id] as const,
  profile: (id: number, query: ProfileQueryInput) => ['represents', 'profile', id, query] as const,
  counterValues: (id: number, query: CounterValuesQueryInput) => ['represents', 'counter-values', id, query] as const,
}

/**
 * The whole tree: from the server when it answers (mirrored into the device's database), otherwise from that
 * mirror, so the tree stays browsable offline.
 */
function loadTree(signal: AbortSignal): Promise<{ rows: RepresentTreeRow[]; offline: boolean }> {
  return serverOrDeviceCopy(
    async () => {
      const { results } = await api('/api/represents/all/', { schema: representTree, signal })
      await (await loadOffline()).cacheServerRows('represents', results, { complete: true })
      return { rows: results }
    },
    async (offline) => ({ rows: (await offline.seenBy(session.userId()).list('represents', { perPage: 'all' })).results }),
  )
}

export const representTreeQueryOptions = () => queryOptions({ queryKey: representKeys.tree, queryFn: ({ signal }) => loadTree(signal), networkMode: 'always' })

export const representHealthQueryOptions = () =>
  queryOptions({
    queryKey: representKeys.health,
    queryFn: ({ signal }) => api('/api/represent_health_check/', { schema: healthMap, signal }),
    refetchInterval: HEALTH_CHECK_PERIOD_MS,
  })

export const representQueryOptions = (id: number) =>
  queryOptions({ queryKey: representKeys.one(id), queryFn: ({ signal }) => api(`/api/represents/${id}/`, { schema: represent, signal }) })

export const representPointsQueryOptions = (id: number, halfsNum?: number) =>
  queryOptions({
    queryKey: representKeys.points(id, halfsNum),
    queryFn: ({ signal }) => api(`/api/represents/${id}/points/`, { query: { halfs_num: halfsNum }, schema: representPoints, signal }),
  })

export const availablePointsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: representKeys.available(id),
    queryFn: ({ signal }) => api(`/api/represents/${id}/available_points/`, { schema: availablePoints, signal }),
  })

type WireQuery = Record<string, string | number | boolean | undefined>

export const profileQueryOptions = (id: number, query: ProfileQueryInput) =>
  queryOptions({
    queryKey: representKeys.profile(id, query),
    queryFn: ({ signal }) => api(`/api/represents/${id}/points_profile_data/`, { query: query as WireQuery, schema: profileData, signal }),
  })

export const counterValuesQueryOptions = (id: number, query: CounterValuesQueryInput) =>
  queryOptions({
    queryKey: representKeys.counterValues(id, query),
    queryFn: ({ signal }) => api(`/api/represents/${id}/points_counters_values/`, { query: query as WireQuery, schema: counterValues, signal }),
  })

const created = v.object({ represent_id: v.number() })
/** A new object; the tree shows it at once. */
export const useCreateRepresent = () =>
  useWrite((body: RepresentCreate) => api('/api/represents/', { method: 'POST', body, schema: created }), [representKeys.tree])

/** The object's settings: its screen shows the saved ones at once, and all that is shown of the objects is read again. */
export function useUpdateRepresent(id: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: RepresentUpdate) => api(`/api/represents/${id}/`, { method: 'PUT', body, schema: represent }),
    onSuccess: (saved) => {
      queryClient.setQueryData(representKeys.one(id), saved)
      return queryClient.invalidateQueries({ queryKey: representKeys.all })
    },
  })
}

/** The object deleted: it leaves the cache, so that nothing shows it again, and the tree is read again. */
export function useDeleteRepresent(id: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api(`/api/represents/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: representKeys.one(id) })
      return queryClient.invalidateQueries({ queryKey: representKeys.tree })
    },
  })
}

/** A change of the object's points shows in its points, profile and tree: all of the objects is read again at once. */
const usePointsWrite = <TVariables>(call: (variables: TVariables) => Promise<unknown>) => useWrite(call, [representKeys.all])
const pointLink = (id: number, action: string, linkId: number, body?: Record<string, unknown>) =>
  api(`/api/represents/${id}/${action}/`, { method: 'POST', query: { represent_point_id: linkId }, body })

export const useAddPoint = (id: number) =>
  usePointsWrite((pointId: number) => api(`/api/represents/${id}/add_point/`, { method: 'POST', query: { point_id: pointId } }))
export const useRemovePoint = (id: number) =>
  usePointsWrite((pointId: number) => api(`/api/represents/${id}/del_point/`, { method: 'POST', query: { point_id: pointId } }))
export const useCyclePointSign = (id: number) =>
  usePointsWrite((linkId: number) =>
    api(`/api/represents/${id}/update_point_sign/`, { method: 'POST', query: { represent_point_id: linkId }, schema: pointSignAnswer }),
  )
export const useSetPointColor = (id: number) =>
  usePointsWrite(({ linkId, color }: { linkId: number; color: string }) => pointLink(id, 'update_point_color', linkId, { color }))
export const useSetPointSelected = (id: number) =>
  usePointsWrite(({ linkId, selected }: { linkId: number; selected: boolean }) => pointLink(id, 'update_point_selected', linkId, { selected }))

/** The point at `index` swapped with its neighbour above (-1) or below (1). */
export const useMovePoint = (id: number) =>
  usePointsWrite(async ({ points, index, step }: { points: RepresentPoint[]; index: number; step: -1 | 1 }) => {
    const order = points.map((p) => p.represent_point_id)
    ;[order[index], order[index + step]] = [order[index + step]!, order[index]!]
    // Renumber the whole list 0..n-1: stored numbers may repeat, and a swap must always change the order.
    for (const [place, linkId] of order.entries()) {
      if (points.find((p) => p.represent_point_id === linkId)!.order_num !== place) await pointLink(id, 'update_point_order', linkId, { order_num: place })
    }
  })

export const downloadProfileCsv = (id: number, query: ProfileQueryInput) =>
  downloadFile(`/api/represents/${id}/points_profile_csv/`, { query: query as WireQuery })
export const downloadCounterValuesCsv = (id: number, query: CounterValuesQueryInput) =>
  downloadFile(`/api/represents/${id}/points_counter_values_csv/`, { query: query as WireQuery })
