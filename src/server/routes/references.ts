import type { FastifyInstance } from 'fastify'
import { idParams, listQuery } from '../../shared/schemas/common'
import { counterModelApiQuery, counterModelQuery, dataParameterQuery, modelParameterQuery } from '../../shared/schemas/references'
import { orNotFound } from '../lib/http-errors'
import type { Req } from '../lib/route-types'
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

type IdReq = Req<{ params: typeof idParams }>

/** Reference data: model parameters are read-only; the other lists are edited (their writes in reference-edits). */
export async function referenceRoutes(app: FastifyInstance) {
  await referenceEditRoutes(app)

  app.get('/api/resources_types/', { config: view, schema: { querystring: listQuery } }, (request: Req<{ query: typeof listQuery }>) =>
    listResourceTypes(app.db, request.query),
  )
  app.get('/api/resources_types/:id/', { config: view, schema: { params: idParams } }, async (request: IdReq) =>
    orNotFound(await findResourceType(app.db, request.params.id)),
  )

  app.get('/api/counters_api/', { config: view, schema: { querystring: counterModelApiQuery } }, (request: Req<{ query: typeof counterModelApiQuery }>) =>
    listModelApis(app.db, request.query),
  )
  app.get('/api/counters_api/:id/', { config: view, schema: { params: idParams } }, async (request: IdReq) =>
    orNotFound(await findModelApi(app.db, request.params.id)),
  )

  app.get('/api/counters_models/', { config: view, schema: { querystring: counterModelQuery } }, (request: Req<{ query: typeof counterModelQuery }>) =>
    listModels(app.db, request.query),
  )
  app.get('/api/counters_models/:id/', { config: view, schema: { params: idParams } }, async (request: IdReq) =>
    orNotFound(await findModel(app.db, request.params.id)),
  )

  app.get(
    '/api/counters_models_parameters/',
    { config: view, schema: { querystring: modelParameterQuery } },
    (request: Req<{ query: typeof modelParameterQuery }>) => listModelParameters(app.db, request.query),
  )

  app.get('/api/data_sources/', { config: view, schema: { querystring: listQuery } }, (request: Req<{ query: typeof listQuery }>) =>
    listDataSources(app.db, request.query),
  )
  app.get('/api/data_sources/:id/', { config: view, schema: { params: idParams } }, async (request: IdReq) =>
    orNotFound(await findDataSource(app.db, request.params.id)),
  )

  app.get('/api/data_parameters/', { config: view, schema: { querystring: dataParameterQuery } }, (request: Req<{ query: typeof dataParameterQuery }>) =>
    listDataParameters(app.db, request.query),
  )
  app.get('/api/data_parameters/:id/', { config: view, schema: { params: idParams } }, async (request: IdReq) =>
    orNotFound(await findDataParameter(app.db, request.params.id)),
  )
}
