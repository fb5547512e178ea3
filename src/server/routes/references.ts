import type { FastifyInstance } from 'fastify'
import { listQuery } from '../../shared/schemas/common'
import { counterModelApiQuery, counterModelQuery, dataParameterQuery, modelParameterQuery } from '../../shared/schemas/references'
import { readRoutes } from '../lib/row-route'
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

/** Reference data: model parameters are read-only; the other lists are edited (their writes in reference-edits). */
export async function referenceRoutes(app: FastifyInstance) {
  await referenceEditRoutes(app)

  readRoutes(app, '/api/resources_types/', view, listQuery, listResourceTypes, findResourceType)
  readRoutes(app, '/api/counters_api/', view, counterModelApiQuery, listModelApis, findModelApi)
  readRoutes(app, '/api/counters_models/', view, counterModelQuery, listModels, findModel)

  app.get(
    '/api/counters_models_parameters/',
    { config: view, schema: { querystring: modelParameterQuery } },
    (request: Req<{ query: typeof modelParameterQuery }>) => listModelParameters(app.db, request.query),
  )

  readRoutes(app, '/api/data_sources/', view, listQuery, listDataSources, findDataSource)
  readRoutes(app, '/api/data_parameters/', view, dataParameterQuery, listDataParameters, findDataParameter)
}
