import { queryOptions } from '@tanstack/react-query'
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
  type RepresentTreeRow,
  type RepresentUpdate,
} from '../../../../shared/schemas/represents'
import { HEALTH_CHECK_PERIOD_MS } from '../../../../shared/constants'
import { api, ApiError, downloadFile } from '../../../lib/api-client'
import { loadOffline } from '../../../lib/lazy-offline'

export const representKeys = {
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
async function loadTree(signal: AbortSignal): Promise<{ rows: RepresentTreeRow[]; offline: boolean }> {
  try {
    const { results } = await api('/api/represents/all/', { schema: representTree, signal })
    await (await loadOffline()).cacheServerRows('represents', results, { complete: true })
    return { rows: results, offline: false }
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 0) throw error
    const cached = await (await loadOffline()).queryCachedList('represents', { perPage: 'all' })
    return { rows: cached.results, offline: true }
  }
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
export const createRepresent = (body: RepresentCreate) => api('/api/represents/', { method: 'POST', body, schema: created })
export const updateRepresent = (id: number, body: RepresentUpdate) => api(`/api/represents/${id}/`, { method: 'PUT', body, schema: represent })
export const deleteRepresent = (id: number) => api(`/api/represents/${id}`, { method: 'DELETE' })
export const addPoint = (id: number, pointId: number) => api(`/api/represents/${id}/add_point/`, { method: 'POST', query: { point_id: pointId } })
export const removePoint = (id: number, pointId: number) => api(`/api/represents/${id}/del_point/`, { method: 'POST', query: { point_id: pointId } })
export const cyclePointSign = (id: number, linkId: number) =>
  api(`/api/represents/${id}/update_point_sign/`, { method: 'POST', query: { represent_point_id: linkId }, schema: pointSignAnswer })
export const setPointColor = (id: number, linkId: number, color: string) =>
  api(`/api/represents/${id}/update_point_color/`, { method: 'POST', query: { represent_point_id: linkId }, body: { color } })
export const setPointOrder = (id: number, linkId: number, orderNum: number) =>
  api(`/api/represents/${id}/update_point_order/`, { method: 'POST', query: { represent_point_id: linkId }, body: { order_num: orderNum } })
export const setPointSelected = (id: number, linkId: number, selected: boolean) =>
  api(`/api/represents/${id}/update_point_selected/`, { method: 'POST', query: { represent_point_id: linkId }, body: { selected } })

export const downloadProfileCsv = (id: number, query: ProfileQueryInput) =>
  downloadFile(`/api/represents/${id}/points_profile_csv/`, { query: query as WireQuery })
export const downloadCounterValuesCsv = (id: number, query: CounterValuesQueryInput) =>
  downloadFile(`/api/represents/${id}/points_counter_values_csv/`, { query: query as WireQuery })
