import type { FastifyInstance } from 'fastify'
import type * as v from 'valibot'
import { listQuery, type Paged } from '../../shared/schemas/common'
import { counterModelApiQuery, counterModelQuery, dataParameterQuery, modelParameterQuery } from '../../shared/schemas/references'
import { rowRoute } from '../lib/row-route'
import type { Req } from '../lib/route-types'
import type { Executor } from '../db/client'
import {
  findDataParameter,
  findDataSource,
  findModel,
  findModelApi,
  findResourceType,
  listDataParameters,
  listDataSources,
  listModelApis,
  listModelParameters,
  listModels,
  listResourceTypes,
} from '../repositories/references'
import { referenceEditRoutes } from './reference-edits'

const view = { permission: 'references.view' } as const

/** GET on the list of a reference table (filtered by `querystring`) and on one of its rows. */
function referenceReads<TQuery extends v.GenericSchema, TRow>(
  app: FastifyInstance,
  path: string,
  querystring: TQuery,
  list: (db: Executor, query: v.InferOutput<TQuery>) => Promise<Paged<TRow>>,
  find: (db: Executor, id: number) => Promise<TRow | undefined>,
) {
  app.get(path, { config: view, schema: { querystring } }, (request: Req<{ query: TQuery }>) => list(app.db, request.query))
  rowRoute(app, `${path}:id/`, view, find)
}

/** Reference data: model parameters are read-only; the other lists are edited (their writes in reference-edits). */
export async function referenceRoutes(app: FastifyInstance) {
  await referenceEditRoutes(app)

  referenceReads(app, '/api/resources_types/', listQuery, listResourceTypes, findResourceType)
  referenceReads(app, '/api/counters_api/', counterModelApiQuery, listModelApis, findModelApi)
  referenceReads(app, '/api/counters_models/', counterModelQuery, listModels, findModel)

  app.get(
    '/api/counters_models_parameters/',
    { config: view, schema: { querystring: modelParameterQuery } },
    (request: Req<{ query: typeof modelParameterQuery }>) => listModelParameters(app.db, request.query),
  )

  referenceReads(app, '/api/data_sources/', listQuery, listDataSources, findDataSource)
  referenceReads(app, '/api/data_parameters/', dataParameterQuery, listDataParameters, findDataParameter)
}
