import { queryOptions, type QueryKey } from '@tanstack/react-query'
import type * as v from 'valibot'
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

/** One row of a book, read at its own address. */
const rowQueryOptions = <TKey extends QueryKey, TSchema extends v.GenericSchema>(queryKey: TKey, path: string, schema: TSchema) =>
  queryOptions({ queryKey, queryFn: ({ signal }) => api(path, { schema, signal }), staleTime: STALE_MS })

/** Saves a row of the book at `path`: a new one (no id yet) is POSTed to the book, a known one PUT at its own address. */
const saveRow = <TSchema extends v.GenericSchema>(path: string, id: number | null, body: unknown, schema: TSchema) =>
  api(id === null ? path : `${path}${id}/`, { method: id === null ? 'POST' : 'PUT', body, schema })

/** Deletes a row of the book at `path`; the address has no closing slash, as the spec's calls. */
const deleteRow = (path: string, id: number) => api(`${path}${id}`, { method: 'DELETE' })

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
export const resourceQueryOptions = (id: number) => rowQueryOptions(referenceKeys.resource(id), `/api/resources_types/${id}/`, resourceType)
export const saveResourceType = (id: number | null, body: ResourceTypeInput) => saveRow('/api/resources_types/', id, body, resourceType)
export const deleteResourceType = (id: number) => deleteRow('/api/resources_types/', id)

export const modelApisQueryOptions = (resourceType: number | null) =>
  queryOptions({
    queryKey: referenceKeys.modelApis(resourceType),
    queryFn: ({ signal }) => api('/api/counters_api/', { query: { resource_type: resourceType, page_size: 'all' }, schema: counterModelApiList, signal }),
    staleTime: STALE_MS,
  })
export const modelApiQueryOptions = (id: number) => rowQueryOptions(referenceKeys.modelApi(id), `/api/counters_api/${id}/`, counterModelApi)

/** What a change of a model group makes stale: the group lists and pages, and the models, which show the group's name. */
export const modelApiChangeKeys = [referenceKeys.modelApiLists, referenceKeys.modelApiPages, referenceKeys.modelLists, referenceKeys.modelPages] as const
export const saveModelApi = (id: number | null, body: CounterModelApiInput) => saveRow('/api/counters_api/', id, body, counterModelApi)
export const deleteModelApi = (id: number) => deleteRow('/api/counters_api/', id)

export const modelsQueryOptions = (resourceType: number | null, modelApi: number | null) =>
  queryOptions({
    queryKey: referenceKeys.models(resourceType, modelApi),
    queryFn: ({ signal }) =>
      api('/api/counters_models/', { query: { resource_type: resourceType, counter_model_api: modelApi, page_size: 'all' }, schema: counterModelList, signal }),
    staleTime: STALE_MS,
  })
export const modelQueryOptions = (id: number) => rowQueryOptions(referenceKeys.model(id), `/api/counters_models/${id}/`, counterModel)

/** What a change of a model makes stale: the model lists (the install wizard's too) and the model's page. */
export const modelChangeKeys = [referenceKeys.modelLists, referenceKeys.modelPages] as const
export const saveModel = (id: number | null, body: CounterModelInput) => saveRow('/api/counters_models/', id, body, counterModel)
export const deleteModel = (id: number) => deleteRow('/api/counters_models/', id)

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
export const saveDataSource = (id: number | null, body: DataSourceInput) => saveRow('/api/data_sources/', id, body, dataSource)
export const deleteDataSource = (id: number) => deleteRow('/api/data_sources/', id)

export const dataParametersQueryOptions = queryOptions({
  queryKey: referenceKeys.dataParameters,
  queryFn: ({ signal }) => api('/api/data_parameters/', { query: { page_size: 'all' }, schema: dataParameterList, signal }),
})
export const saveDataParameter = (id: number | null, body: DataParameterInput) => saveRow('/api/data_parameters/', id, body, dataParameter)
export const deleteDataParameter = (id: number) => deleteRow('/api/data_parameters/', id)
