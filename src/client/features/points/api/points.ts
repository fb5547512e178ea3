import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import { point, pointConsumption, pointCounterList, pointList, type Point, type PointCounter, type PointInput } from '../../../../shared/schemas/points'
import { api } from '../../../lib/api-client'
import { deviceCopyWhenOffline, serverOrDeviceCopy } from '../../../lib/device-copy'
import type { PointPatch, PointRow } from '../../../offline'
import { flushSoon, loadOffline } from '../../../lib/lazy-offline'
import { session, signedInUserId, signedInUserName } from '../../../lib/session'
import { mirroredList } from '../../../lib/mirrored-list'
import { sendEdit } from '../../../lib/send-edit'
import { useDeleteWrite } from '../../../lib/writes'

export const pointKeys = {
  all: ['points'] as const,
  detail: (id: number) => ['points', 'detail', id] as const,
  consumption: (id: number) => ['points', 'consumption', id] as const,
  counters: (id: number) => ['points', 'counters', id] as const,
}

/** The points list from the server, or from the device's copy when offline. */
export const { queryOptions: pointsQueryOptions, mirror: mirrorPoints } = mirroredList('points', '/api/points/', pointList)

export type LoadedPoint = Point | PointRow

export const pointQueryOptions = (id: number) =>
  queryOptions({
    queryKey: pointKeys.detail(id),
    queryFn: async ({ signal }): Promise<LoadedPoint> => {
      // A point created on the device is read there until the server takes its create, then as the server's point
      // (the screen follows it to its new id).
      const created = id < 0 ? await (await loadOffline()).resolveTempId('point', id) : null
      const pointId = created ?? id
      const seen = async (server?: Point) => (await loadOffline()).seenBy(session.userId()).row('points', pointId, server)
      const waiting = pointId < 0 ? await seen() : undefined
      if (waiting) return waiting
      return deviceCopyWhenOffline<LoadedPoint>(
        async () => {
          const row = await api(`/api/points/${pointId}/`, { schema: point, signal })
          await (await loadOffline()).cacheServerRows('points', [row], { complete: false })
          // The user's own waiting edit wins over the server's row until it is sent.
          return (await seen(row)) ?? row
        },
        () => seen(),
      )
    },
  })

export const pointConsumptionQueryOptions = (id: number) =>
  queryOptions({
    queryKey: pointKeys.consumption(id),
    queryFn: ({ signal }) => api(`/api/points/${id}/consumption/`, { schema: pointConsumption, signal }),
    retry: false,
  })

export type PointInstallations = { results: PointCounter[]; offline: boolean }

/** The point's installations from the server, or, offline, those the background mirror put on the device. */
export const pointCountersQueryOptions = (id: number) =>
  queryOptions({
    queryKey: pointKeys.counters(id),
    queryFn: ({ signal }): Promise<PointInstallations> =>
      serverOrDeviceCopy(
        () => api(`/api/points/${id}/counters/`, { schema: pointCounterList, signal }),
        async (offline) => ({ results: await offline.cachedInstallationsOf(id) }),
      ),
  })

export const customersForSelection = queryOptions({
  queryKey: ['customers', 'selection'],
  queryFn: ({ signal }) =>
    api('/api/customers/', {
      query: { page_size: 'all' },
      schema: v.object({ results: v.array(v.object({ customer_id: v.number(), name: v.string() })) }),
      signal,
    }),
  staleTime: 60_000,
})

/** New and edited points go through the outbox (Idempotency-Key, If-Match) and are sent at once when possible. */
export async function savePointCreate(input: PointInput, customerName: string | null): Promise<void> {
  await (
    await loadOffline()
  ).enqueueEdit({
    author: signedInUserId(),
    authorName: signedInUserName(),
    entity: 'point',
    op: 'create',
    patch: { ...input, customer: customerName === null ? null : { name: customerName } },
  })
  flushSoon()
}

/**
 * Queues the edit on the device and sends it at once (`sendEdit`); the answer says what became of it, for the screen
 * to tell. The answer waits for the point to be read again, so that the next save is made on the server's new version
 * (If-Match), not on the one the form was opened with.
 */
export function useSavePointEdit() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ current, patch }: { current: LoadedPoint; patch: PointPatch }) => {
      const entry = await (
        await loadOffline()
      ).enqueueEdit({
        author: signedInUserId(),
        authorName: signedInUserName(),
        entity: 'point',
        op: 'update',
        entityId: current.point_id,
        patch,
        baseVersion: current.version,
        current: current as PointRow,
      })
      return sendEdit(entry)
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pointKeys.all }),
  })
}

export const useDeletePoint = () => useDeleteWrite((p: PointRow) => api(`/api/points/${p.point_id}`, { method: 'DELETE' }), [pointKeys.all])
