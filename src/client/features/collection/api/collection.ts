import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import {
  accumulatedData,
  availableParams,
  collectingServerList,
  consumptionByDate,
  counterTask,
  counterTaskList,
  currentData,
  currentDataTask,
  monitoringList,
  parametersToCollect,
  phaseData,
  profileData,
  taskLogList,
  type CounterTask,
  type CurrentData,
  type TaskInput,
} from '../../../../shared/schemas/collection'
import { api } from '../../../lib/api-client'
import { serverOrDeviceCopy } from '../../../lib/device-copy'
import type { ListSearch } from '../../../lib/list-search'
import { pagedListQueryOptions } from '../../../lib/list-query'
import { useDeleteWrite, useWrite } from '../../../lib/writes'

/** Query keys of the data-collection area; a mutation invalidates only its own. */
export const collectionKeys = {
  tasks: ['counters_tasks'] as const,
  taskLogs: (taskId: number) => ['tasks_logs', taskId] as const,
  servers: ['collecting_servers'] as const,
  monitoring: (interactions: number, statuses: string) => ['monitoring', interactions, statuses] as const,
  currentData: (counterId: number) => ['current_data', counterId] as const,
  phase: (counterId: number) => ['phase', counterId] as const,
  parameters: (counterId: number) => ['parameters_to_collect', counterId] as const,
  consumption: (pointId: number, month: string) => ['consumption_by_date', pointId, month] as const,
  availableParams: (pointId: number) => ['available_params', pointId] as const,
  profile: (pointId: number, parameterId: number, interval: number, span?: { from: string; to: string } | null) =>
    ['profile', pointId, parameterId, interval, span ?? null] as const,
  accumulated: (pointId: number) => ['accumulated', pointId] as const,
}

export const tasksQueryOptions = pagedListQueryOptions(
  collectionKeys.tasks,
  '/api/counters_tasks/',
  counterTaskList,
  (search: ListSearch & { point_id?: number }) => search,
)

export const serversQueryOptions = queryOptions({
  queryKey: collectionKeys.servers,
  queryFn: ({ signal }) => api('/api/collecting_servers/', { query: { page_size: 'all' }, schema: collectingServerList, signal }),
})

export const taskLogsQueryOptions = (taskId: number) =>
  queryOptions({
    queryKey: collectionKeys.taskLogs(taskId),
    queryFn: ({ signal }) => api('/api/tasks_logs/', { query: { task_id: taskId, per_page: 50 }, schema: taskLogList, signal }),
  })

const createTask = (body: TaskInput) => api('/api/counters_tasks/', { method: 'POST', body, schema: counterTask })
const updateTask = (id: number, body: TaskInput) => api(`/api/counters_tasks/${id}/`, { method: 'PUT', body, schema: counterTask })
/** A new task (no `task`) or a changed one; the task lists refresh at once. */
export const useSaveTask = () =>
  useWrite(
    ({ task, body }: { task: CounterTask | null; body: TaskInput }) => (task ? updateTask(task.counter_task_id, body) : createTask(body)),
    [collectionKeys.tasks],
  )
export const useDeleteTask = () =>
  useDeleteWrite((t: CounterTask) => api(`/api/counters_tasks/${t.counter_task_id}/`, { method: 'DELETE' }), [collectionKeys.tasks])
/** The task's scheduler started or stopped; the lists show its new state at once. */
export const useRunTask = () =>
  useWrite(
    ({ task, start }: { task: CounterTask; start: boolean }) =>
      api(`/api/counters_tasks/${task.counter_task_id}/${start ? 'start' : 'stop'}_scheduler/`, { method: 'POST', schema: counterTask }),
    [collectionKeys.tasks],
  )

export const monitoringQueryOptions = (interactions: number, statuses: string[], refreshMs: number | false) =>
  queryOptions({
    queryKey: collectionKeys.monitoring(interactions, statuses.join(',')),
    queryFn: ({ signal }) => api('/api/monitoring/', { query: { interactions_num: interactions, mts: statuses.join(',') }, schema: monitoringList, signal }),
    refetchInterval: refreshMs,
  })

/** The meter's current data; `offline` when it holds only the latest readings the background mirror put on the device. */
export type LoadedCurrentData = CurrentData & { offline: boolean }

export const currentDataQueryOptions = (counterId: number, pollMs: number | false) =>
  queryOptions({
    queryKey: collectionKeys.currentData(counterId),
    queryFn: ({ signal }): Promise<LoadedCurrentData> =>
      serverOrDeviceCopy(
        () => api(`/api/counter/${counterId}/get_current_data/`, { schema: currentData, signal }),
        async (offline): Promise<CurrentData | undefined> => {
          const cached = await offline.cachedReadingsOf(counterId)
          if (!cached) return undefined
          // Neither the model nor the phases are on the device: no power switching, no refresh, no phase table offline.
          const { data, values_date } = cached
          return { external_model: '', polled: false, data, values_date, phase: { values: [], values_date: null }, task: null }
        },
      ),
    refetchInterval: pollMs,
  })

export const requestCurrentData = async (counterId: number): Promise<LoadedCurrentData> => ({
  ...(await api(`/api/counter/${counterId}/get_current_data/`, { query: { refresh: 1 }, schema: currentData })),
  offline: false,
})
/** The load switched on or off; the meter's current data is read again, with the relay's new state. */
export const useSwitchRelay = (counterId: number) =>
  useWrite(
    (on: boolean) => api(`/api/counters/${counterId}/relay/`, { method: 'POST', body: { on }, schema: v.nullable(currentDataTask) }),
    [collectionKeys.currentData(counterId)],
  )

export const phaseQueryOptions = (counterId: number) =>
  queryOptions({
    queryKey: collectionKeys.phase(counterId),
    queryFn: ({ signal }) => api(`/api/counters/${counterId}/phase/`, { schema: phaseData, signal }),
  })

export const parametersQueryOptions = (counterId: number) =>
  queryOptions({
    queryKey: collectionKeys.parameters(counterId),
    queryFn: ({ signal }) =>
      api('/api/counters_parameters_to_collect/all_parameters_by_counter/', { query: { counter_id: counterId }, schema: parametersToCollect, signal }),
  })

/** A parameter taken into the collection or out of it; the answer is the meter's whole new list, put in place of the old. */
export function useSelectParameter(counterId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ parameterId, selected }: { parameterId: number; selected: boolean }) =>
      api(selected ? '/api/counters_parameters_to_collect/' : '/api/counters_parameters_to_collect/unselect/', {
        method: 'POST',
        body: { counter_id: counterId, parameter_id: parameterId },
        schema: parametersToCollect,
      }),
    onSuccess: (parameters) => queryClient.setQueryData(collectionKeys.parameters(counterId), parameters),
  })
}

export const consumptionQueryOptions = (pointId: number, month: string) =>
  queryOptions({
    queryKey: collectionKeys.consumption(pointId, month),
    queryFn: ({ signal }) => api(`/api/points/${pointId}/consumption_by_date/`, { query: { month }, schema: consumptionByDate, signal }),
    placeholderData: keepPreviousData,
  })

export const availableParamsQueryOptions = (pointId: number) =>
  queryOptions({
    queryKey: collectionKeys.availableParams(pointId),
    queryFn: ({ signal }) => api('/api/counters_data/available_params/', { query: { point_id: pointId }, schema: availableParams, signal }),
  })

/** A point's profile; without a span, the API's default one for the interval. */
export const profileQueryOptions = (pointId: number, parameterId: number, interval: number, span?: { from: string; to: string } | null) =>
  queryOptions({
    queryKey: collectionKeys.profile(pointId, parameterId, interval, span),
    queryFn: ({ signal }) =>
      api('/api/counters_profile_data/', {
        query: { point_id: pointId, parameter_id: parameterId, interval, beg_date: span?.from, end_date: span?.to },
        schema: profileData,
        signal,
      }),
    placeholderData: keepPreviousData,
  })

export const accumulatedQueryOptions = (pointId: number) =>
  queryOptions({
    queryKey: collectionKeys.accumulated(pointId),
    queryFn: ({ signal }) => api('/api/counters_accumulated_data/', { query: { point_id: pointId }, schema: accumulatedData, signal }),
  })
