import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import {
  connParam,
  counter,
  counterList,
  counterOperationList,
  type ConnParamValues,
  type CreateAndInstall,
  type UpdateAndInstall,
} from '../../../../shared/schemas/counters'
import { modelConnParam } from '../../../../shared/schemas/references'
import { api, isOffline } from '../../../lib/api-client'
import type { CounterPatch, CounterRow, OutboxEntry } from '../../../offline'
import { loadOffline } from '../../../lib/lazy-offline'
import { signedInUserId } from '../../../lib/session'
import { mirroredList } from '../../../lib/mirrored-list'
import { useDeleteWrite, useWrite } from '../../../lib/writes'

export const counterKeys = {
  all: ['counters'] as const,
  available: (modelId: number | null, search: string) => ['counters', 'available', modelId, search] as const,
  history: (id: number) => ['counters', 'history', id] as const,
  connParams: (id: number) => ['counters', 'conn_params', id] as const,
  modelConnParams: (groupId: number) => ['counters', 'model_conn_params', groupId] as const,
}

/** The meters list from the server, or from the device's copy when offline. */
export const { queryOptions: countersQueryOptions, mirror: mirrorCounters } = mirroredList('counters', '/api/counters/', counterList)

/** How many meters the install wizard reads at a time. */
const AVAILABLE_PAGE_SIZE = 50

/** Meters on no point of one model whose serial number holds `search`, a page at a time (the install wizard). */
export const availableForInstallQueryOptions = (modelId: number | null, search: string) =>
  infiniteQueryOptions({
    queryKey: counterKeys.available(modelId, search),
    queryFn: ({ signal, pageParam }) =>
      api('/api/counters/available_for_install/', {
        query: { model_id: modelId, search, page: pageParam, per_page: AVAILABLE_PAGE_SIZE },
        schema: counterList,
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * AVAILABLE_PAGE_SIZE < last.count && last.results.length > 0 ? pages.length + 1 : undefined),
    placeholderData: keepPreviousData,
    enabled: modelId !== null,
  })

export const counterHistoryQueryOptions = (id: number) =>
  queryOptions({
    queryKey: counterKeys.history(id),
    queryFn: ({ signal }) => api('/api/counteropers/', { query: { counter_id: id, page_size: 'all' }, schema: counterOperationList, signal }),
  })

/** The current installation's parameters; offline, those the background mirror put on the device (no password). */
export const connParamsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: counterKeys.connParams(id),
    queryFn: async ({ signal }) => {
      try {
        return await api(`/api/counters/${id}/conn_params/`, { schema: v.array(connParam), signal })
      } catch (error) {
        const cached = isOffline(error) ? await (await loadOffline()).cachedConnParamsOf(id) : null
        if (!cached) throw error
        return cached
      }
    },
  })

export const modelConnParamsQueryOptions = (groupId: number | null) =>
  queryOptions({
    queryKey: counterKeys.modelConnParams(groupId ?? 0),
    queryFn: ({ signal }) => api(`/api/counters/${groupId}/model_conn_params/`, { schema: v.array(modelConnParam), signal }),
    enabled: groupId !== null,
  })

export const createAndInstall = (body: CreateAndInstall) => api('/api/counters/create_and_install/', { method: 'POST', body, schema: counter })
export const updateAndInstall = (id: number, body: UpdateAndInstall) =>
  api(`/api/counters/${id}/update_and_install/`, { method: 'POST', body, schema: counter })
export const takeOffCounter = (id: number, body: { operation_date: string; comment: string }) =>
  api(`/api/point_counter/${id}/take_off/`, { method: 'POST', body, schema: counter })
export const updateConnParams = (id: number, conn_params: ConnParamValues) =>
  api(`/api/point_counter/${id}/update_conn_params/`, { method: 'PUT', body: { conn_params }, schema: v.array(connParam) })
/** Polling switched on or off; the list shows the new state at once. */
export const useChangeActiveState = () =>
  useWrite((c: CounterRow) => api(`/api/counters/${c.counter_id}/change_active_state/`, { method: 'POST', schema: counter }), [counterKeys.all])
export const useDeleteCounter = () => useDeleteWrite((c: CounterRow) => api(`/api/counters/${c.counter_id}/`, { method: 'DELETE' }), [counterKeys.all])

/**
 * Meter edits go through the outbox; only serial_num, coeff and coeff_voltage, and only when changed.
 * Queued on the device; the screen sends it (`sendEdit`) and says what became of it.
 */
export async function saveCounterEdit(current: CounterRow, patch: CounterPatch): Promise<OutboxEntry> {
  return (await loadOffline()).enqueueEdit({
    author: signedInUserId(),
    entity: 'counter',
    op: 'update',
    entityId: current.counter_id,
    patch,
    baseVersion: current.version,
    current,
  })
}
