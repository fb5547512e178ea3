import type { FastifyInstance } from 'fastify'
import { idParams, listQuery } from '../../shared/schemas/common'
import {
  counterModelApiQuery, counterModelQuery, dataParameterInput, dataParameterQuery, dataSourceInput, modelParameterQuery,
} from '../../shared/schemas/references'
import { T } from '../../shared/texts'
import { audit } from '../lib/audit'
import { badRequest, fieldError, notFound } from '../lib/http-errors'
import { mutate } from '../lib/mutation'
import type { Req } from '../lib/route-types'
import {
  dataSourceInUse, deleteDataParameter, deleteDataSource, findDataParameter, findDataSource, findModel, findModelApi, findResourceType,
  insertDataParameter, insertDataSource, listDataParameters, listDataSources, listModelApis, listModelParameters, listModels,
  listResourceTypes, updateDataParameter, updateDataSource,
} from '../repositories/references'
import type { Executor } from '../db/client'
import { referenceEditRoutes } from './reference-edits'

const view = { permission: 'references.view' } as const
const change = { permission: 'references.change' } as const

type IdReq = Req<{ params: typeof idParams }>

/** Reference data: model parameters are read-only; the other lists are edited (resource types, groups, models in reference-edits). */
export async function referenceRoutes(app: FastifyInstance) {
  await referenceEditRoutes(app)
  const found = <TRow>(row: TRow | undefined): TRow => {
    if (!row) throw notFound()
    return row
  }

  app.get('/api/resources_types/', { config: view, schema: { querystring: listQuery } }, (request: Req<{ query: typeof listQuery }>) => listResourceTypes(app.db, request.query))
  app.get('/api/resources_types/:id/', { config: view, schema: { params: idParams } }, async (request: IdReq) => found(await findResourceType(app.db, request.params.id)))

  app.get('/api/counters_api/', { config: view, schema: { querystring: counterModelApiQuery } }, (request: Req<{ query: typeof counterModelApiQuery }>) => listModelApis(app.db, request.query))
  app.get('/api/counters_api/:id/', { config: view, schema: { params: idParams } }, async (request: IdReq) => found(await findModelApi(app.db, request.params.id)))

  app.get('/api/counters_models/', { config: view, schema: { querystring: counterModelQuery } }, (request: Req<{ query: typeof counterModelQuery }>) => listModels(app.db, request.query))
  app.get('/api/counters_models/:id/', { config: view, schema: { params: idParams } }, async (request: IdReq) => found(await findModel(app.db, request.params.id)))

  app.get('/api/counters_models_parameters/', { config: view, schema: { querystring: modelParameterQuery } }, (request: Req<{ query: typeof modelParameterQuery }>) =>
    listModelParameters(app.db, request.query),
  )

  app.get('/api/data_sources/', { config: view, schema: { querystring: listQuery } }, (request: Req<{ query: typeof listQuery }>) => listDataSources(app.db, request.query))
  app.get('/api/data_sources/:id/', { config: view, schema: { params: idParams } }, async (request: IdReq) => found(await findDataSource(app.db, request.params.id)))
  app.post('/api/data_sources/', { config: change, schema: { body: dataSourceInput } }, (request: Req<{ body: typeof dataSourceInput }>, reply) =>
    mutate(
      request,
      reply,
      async (tx) => {
        const row = await insertDataSource(tx, request.body)
        await audit(tx, request, 'data_source', row.source_id, 'create', null, row)
        return row
      },
      { status: 201 },
    ),
  )
  app.put('/api/data_sources/:id/', { config: change, schema: { params: idParams, body: dataSourceInput } }, (request: Req<{ params: typeof idParams; body: typeof dataSourceInput }>, reply) =>
    mutate(request, reply, async (tx) => {
      const before = found(await findDataSource(tx, request.params.id))
      const after = await updateDataSource(tx, request.params.id, request.body)
      await audit(tx, request, 'data_source', request.params.id, 'update', before, after)
      return after
    }),
  )

  app.get('/api/data_parameters/', { config: view, schema: { querystring: dataParameterQuery } }, (request: Req<{ query: typeof dataParameterQuery }>) => listDataParameters(app.db, request.query))
  app.get('/api/data_parameters/:id/', { config: view, schema: { params: idParams } }, async (request: IdReq) => found(await findDataParameter(app.db, request.params.id)))

  const checkResourceType = async (tx: Executor, id: number) => {
    if (!(await findResourceType(tx, id))) throw fieldError('resource_type_id', T.relatedMissing)
  }
  app.post('/api/data_parameters/', { config: change, schema: { body: dataParameterInput } }, (request: Req<{ body: typeof dataParameterInput }>, reply) =>
    mutate(
      request,
      reply,
      async (tx) => {
        await checkResourceType(tx, request.body.resource_type_id)
        const id = await insertDataParameter(tx, request.body)
        const created = await findDataParameter(tx, id)
        await audit(tx, request, 'data_parameter', id, 'create', null, created)
        return created!
      },
      { status: 201 },
    ),
  )
  app.put('/api/data_parameters/:id/', { config: change, schema: { params: idParams, body: dataParameterInput } }, (request: Req<{ params: typeof idParams; body: typeof dataParameterInput }>, reply) =>
    mutate(request, reply, async (tx) => {
      const before = found(await findDataParameter(tx, request.params.id))
      await checkResourceType(tx, request.body.resource_type_id)
      await updateDataParameter(tx, request.params.id, request.body)
      const after = await findDataParameter(tx, request.params.id)
      await audit(tx, request, 'data_parameter', request.params.id, 'update', before, after)
      return after!
    }),
  )

  // The spec writes these deletions without the trailing slash; both spellings are accepted.
  for (const url of ['/api/data_sources/:id', '/api/data_sources/:id/']) {
    app.delete(url, { config: change, schema: { params: idParams } }, (request: IdReq, reply) =>
      mutate(
        request,
        reply,
        async (tx) => {
          const before = found(await findDataSource(tx, request.params.id))
          if (await dataSourceInUse(tx, request.params.id)) throw badRequest(T.inUse)
          await deleteDataSource(tx, request.params.id)
          await audit(tx, request, 'data_source', request.params.id, 'delete', before, null)
        },
        { status: 204 },
      ),
    )
  }
  for (const url of ['/api/data_parameters/:id', '/api/data_parameters/:id/']) {
    app.delete(url, { config: change, schema: { params: idParams } }, (request: IdReq, reply) =>
      mutate(
        request,
        reply,
        async (tx) => {
          const before = found(await findDataParameter(tx, request.params.id))
          await deleteDataParameter(tx, request.params.id)
          await audit(tx, request, 'data_parameter', request.params.id, 'delete', before, null)
        },
        { status: 204 },
      ),
    )
  }
}
