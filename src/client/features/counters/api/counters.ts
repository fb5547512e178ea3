import { infiniteQueryOptions, keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query'
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
import { api } from '../../../lib/api-client'
import { serverOrDeviceCopy } from '../../../lib/device-copy'
import type { CounterPatch, CounterRow, OutboxEntry } from '../../../offline'
import { loadOffline } from '../../../lib/lazy-offline'
import { signedInUserId, signedInUserName } from '../../../lib/session'
import { mirroredList } from '../../../lib/mirrored-list'
import { useDeleteWrite, useWrite } from '../../../lib/writes'
import { pointKeys } from '../../points/api/points'

const counterKeys = {
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

/**
 * The current installation's parameters; offline, those the background mirror put on the device (no password), marked
 * `offline` (the dialog says so).
 */
export const connParamsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: counterKeys.connParams(id),
    queryFn: ({ signal }) =>
      serverOrDeviceCopy(
        async () => ({ params: await api(`/api/counters/${id}/conn_params/`, { schema: v.array(connParam), signal }) }),
        async (offline) => {
          const params = await offline.cachedConnParamsOf(id)
          return params && { params }
        },
      ),
  })

export const modelConnParamsQueryOptions = (groupId: number | null) =>
  queryOptions({
    queryKey: counterKeys.modelConnParams(groupId ?? 0),
    queryFn: ({ signal }) => api(`/api/counters/${groupId}/model_conn_params/`, { schema: v.array(modelConnParam), signal }),
    enabled: groupId !== null,
  })

/** The installation's changed connection parameters; the dialog's list of them is read again. */
export const useUpdateConnParams = (counterId: number) =>
  useWrite(
    (conn_params: ConnParamValues) =>
      api(`/api/point_counter/${counterId}/update_conn_params/`, { method: 'PUT', body: { conn_params }, schema: v.array(connParam) }),
    [counterKeys.connParams(counterId)],
  )

/** What the writes of a meter's installation change: the meters list and the point's installations. */
const INSTALLATION_STALE = [counterKeys.all, pointKeys.all]

/** A new meter, or one on no point (`counterId`), installed on a point. */
export const useInstallCounter = () =>
  useWrite(
    (install: { counterId: null; body: CreateAndInstall } | { counterId: number; body: UpdateAndInstall }) =>
      install.counterId === null
        ? api('/api/counters/create_and_install/', { method: 'POST', body: install.body, schema: counter })
        : api(`/api/counters/${install.counterId}/update_and_install/`, { method: 'POST', body: install.body, schema: counter }),
    INSTALLATION_STALE,
  )
export const useTakeOffCounter = () =>
  useWrite(
    ({ counterId, body }: { counterId: number; body: { operation_date: string; comment: string } }) =>
      api(`/api/point_counter/${counterId}/take_off/`, { method: 'POST', body, schema: counter }),
    INSTALLATION_STALE,
  )
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
    authorName: signedInUserName(),
    entity: 'counter',
    op: 'update',
    entityId: current.counter_id,
    patch,
    baseVersion: current.version,
    current,
  })
}

/**
 * What a screen's `onDone` of a meter's edit calls: the edit goes through the outbox (`saveCounterEdit`), not through a
 * mutation hook, and the meters and the point's installations are read again after it.
 */
export function useCounterEditRefresh() {
  const queryClient = useQueryClient()
  return () => INSTALLATION_STALE.forEach((queryKey) => void queryClient.invalidateQueries({ queryKey }))
}
