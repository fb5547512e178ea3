import { queryOptions } from '@tanstack/react-query'
import {
  counterModel,
  counterModelApi,
  counterModelApiList,
  counterModelList,
  dataParameter,
  dataParameterList,
  dataSource,
  dataSourceList,
  modelParameterList,
  resourceType,
  resourceTypeList,
  type CounterModelApiInput,
  type CounterModelInput,
  type DataParameterInput,
  type DataSourceInput,
  type ResourceTypeInput,
} from '../../../../shared/schemas/references'
import { api } from '../../../lib/api-client'

/** Reference data changes rarely: a minute of freshness keeps the wizard and the breadcrumbs quick. */
const STALE_MS = 60_000

export const referenceKeys = {
  all: ['references'] as const,
  resources: ['references', 'resources'] as const,
  resource: (id: number) => ['references', 'resources', id] as const,
  modelApiLists: ['references', 'model_apis'] as const,
  modelApis: (resourceType: number | null) => ['references', 'model_apis', resourceType] as const,
  modelApiPages: ['references', 'model_api'] as const,
  modelApi: (id: number) => ['references', 'model_api', id] as const,
  modelLists: ['references', 'models'] as const,
  models: (resourceType: number | null, modelApi: number | null) => ['references', 'models', resourceType, modelApi] as const,
  modelPages: ['references', 'model'] as const,
  model: (id: number) => ['references', 'model', id] as const,
  modelParameters: (modelId: number) => ['references', 'model_parameters', modelId] as const,
  dataSources: ['references', 'data_sources'] as const,
  dataParameters: ['references', 'data_parameters'] as const,
}

export const resourcesQueryOptions = queryOptions({
  queryKey: referenceKeys.resources,
  queryFn: ({ signal }) => api('/api/resources_types/', { query: { page_size: 'all' }, schema: resourceTypeList, signal }),
  staleTime: STALE_MS,
})
export const resourceQueryOptions = (id: number) =>
  queryOptions({
    queryKey: referenceKeys.resource(id),
    queryFn: ({ signal }) => api(`/api/resources_types/${id}/`, { schema: resourceType, signal }),
    staleTime: STALE_MS,
  })
export const saveResourceType = (id: number | null, body: ResourceTypeInput) =>
  api(id === null ? '/api/resources_types/' : `/api/resources_types/${id}/`, { method: id === null ? 'POST' : 'PUT', body, schema: resourceType })
export const deleteResourceType = (id: number) => api(`/api/resources_types/${id}`, { method: 'DELETE' })

export const modelApisQueryOptions = (resourceType: number | null) =>
  queryOptions({
    queryKey: referenceKeys.modelApis(resourceType),
    queryFn: ({ signal }) => api('/api/counters_api/', { query: { resource_type: resourceType, page_size: 'all' }, schema: counterModelApiList, signal }),
    staleTime: STALE_MS,
  })
export const modelApiQueryOptions = (id: number) =>
  queryOptions({
    queryKey: referenceKeys.modelApi(id),
    queryFn: ({ signal }) => api(`/api/counters_api/${id}/`, { schema: counterModelApi, signal }),
    staleTime: STALE_MS,
  })

/** What a change of a model group makes stale: the group lists and pages, and the models, which show the group's name. */
export const modelApiChangeKeys = [referenceKeys.modelApiLists, referenceKeys.modelApiPages, referenceKeys.modelLists, referenceKeys.modelPages] as const
export const saveModelApi = (id: number | null, body: CounterModelApiInput) =>
  api(id === null ? '/api/counters_api/' : `/api/counters_api/${id}/`, { method: id === null ? 'POST' : 'PUT', body, schema: counterModelApi })
export const deleteModelApi = (id: number) => api(`/api/counters_api/${id}`, { method: 'DELETE' })

export const modelsQueryOptions = (resourceType: number | null, modelApi: number | null) =>
  queryOptions({
    queryKey: referenceKeys.models(resourceType, modelApi),
    queryFn: ({ signal }) =>
      api('/api/counters_models/', { query: { resource_type: resourceType, counter_model_api: modelApi, page_size: 'all' }, schema: counterModelList, signal }),
    staleTime: STALE_MS,
  })
export const modelQueryOptions = (id: number) =>
  queryOptions({
    queryKey: referenceKeys.model(id),
    queryFn: ({ signal }) => api(`/api/counters_models/${id}/`, { schema: counterModel, signal }),
    staleTime: STALE_MS,
  })

/** What a change of a model makes stale: the model lists (the install wizard's too) and the model's page. */
export const modelChangeKeys = [referenceKeys.modelLists, referenceKeys.modelPages] as const
export const saveModel = (id: number | null, body: CounterModelInput) =>
  api(id === null ? '/api/counters_models/' : `/api/counters_models/${id}/`, { method: id === null ? 'POST' : 'PUT', body, schema: counterModel })
export const deleteModel = (id: number) => api(`/api/counters_models/${id}`, { method: 'DELETE' })

/** The spec fetches a model's parameters 500 at a time. */
export const modelParametersQueryOptions = (modelId: number) =>
  queryOptions({
    queryKey: referenceKeys.modelParameters(modelId),
    queryFn: ({ signal }) => api('/api/counters_models_parameters/', { query: { page_size: 500, model_id: modelId }, schema: modelParameterList, signal }),
    staleTime: STALE_MS,
  })

export const dataSourcesQueryOptions = queryOptions({
  queryKey: referenceKeys.dataSources,
  queryFn: ({ signal }) => api('/api/data_sources/', { query: { page_size: 'all' }, schema: dataSourceList, signal }),
})
export const saveDataSource = (id: number | null, body: DataSourceInput) =>
  api(id === null ? '/api/data_sources/' : `/api/data_sources/${id}/`, { method: id === null ? 'POST' : 'PUT', body, schema: dataSource })
export const deleteDataSource = (id: number) => api(`/api/data_sources/${id}`, { method: 'DELETE' })

export const dataParametersQueryOptions = queryOptions({
  queryKey: referenceKeys.dataParameters,
  queryFn: ({ signal }) => api('/api/data_parameters/', { query: { page_size: 'all' }, schema: dataParameterList, signal }),
})
export const saveDataParameter = (id: number | null, body: DataParameterInput) =>
  api(id === null ? '/api/data_parameters/' : `/api/data_parameters/${id}/`, { method: id === null ? 'POST' : 'PUT', body, schema: dataParameter })
export const deleteDataParameter = (id: number) => api(`/api/data_parameters/${id}`, { method: 'DELETE' })
