import type { FastifyInstance } from 'fastify'
import { idParams } from '../../shared/schemas/common'
import { counterModelApiInput, counterModelInput, resourceTypeInput, type CounterModelApiInput, type CounterModelInput } from '../../shared/schemas/references'
import { T } from '../../shared/texts'
import type { Executor } from '../db/client'
import { audit } from '../lib/audit'
import { badRequest, fieldError, notFound } from '../lib/http-errors'
import { mutate } from '../lib/mutation'
import type { Req } from '../lib/route-types'
import {
  deleteModel, deleteModelApi, deleteResourceType, findDataSource, findModel, findModelApi, findResourceType, insertModel, insertModelApi,
  insertResourceType, updateModel, updateModelApi, updateResourceType,
} from '../repositories/references'
import { modelApiInUse, modelInUse, resourceTypeInUse } from '../repositories/reference-usage'

const change = { permission: 'references.change' } as const
type IdReq = Req<{ params: typeof idParams }>

const found = <TRow>(row: TRow | undefined): TRow => {
  if (!row) throw notFound()
  return row
}
const related = <TRow>(field: string, row: TRow | undefined): TRow => {
  if (!row) throw fieldError(field, T.relatedMissing)
  return row
}

/** A model's columns: its resource type is its group's, so that the two cannot disagree. */
async function modelValues(tx: Executor, body: CounterModelInput) {
  const group = related('counter_model_api', await findModelApi(tx, body.counter_model_api))
  if (body.source !== null) related('source', await findDataSource(tx, body.source))
  const { counter_model_api, source, ...rest } = body
  return { ...rest, counter_model_api_id: counter_model_api, source_id: source, resource_type_id: group.resource_type }
}

/**
 * Add, edit and delete of resource types, model groups and meter models, as metering.md writes them for data sources
 * and parameters (POST and PUT on the list, DELETE with or without the trailing slash); a row in use is not deleted.
 */
export async function referenceEditRoutes(app: FastifyInstance) {
  const deletion = (path: string, entity: string, find: (tx: Executor, id: number) => Promise<unknown>, inUse: (tx: Executor, id: number) => Promise<boolean>,
    remove: (tx: Executor, id: number) => Promise<unknown>) => {
    for (const url of [`${path}:id`, `${path}:id/`]) {
      app.delete(url, { config: change, schema: { params: idParams } }, (request: IdReq, reply) =>
        mutate(request, reply, async (tx) => {
          const before = found(await find(tx, request.params.id))
          if (await inUse(tx, request.params.id)) throw badRequest(T.inUse)
          await remove(tx, request.params.id)
          await audit(tx, request, entity, request.params.id, 'delete', before, null)
        }, { status: 204 }),
      )
    }
  }

  app.post('/api/resources_types/', { config: change, schema: { body: resourceTypeInput } }, (request: Req<{ body: typeof resourceTypeInput }>, reply) =>
    mutate(request, reply, async (tx) => {
      const row = await insertResourceType(tx, request.body)
      await audit(tx, request, 'resource_type', row.resource_type_id, 'create', null, row)
      return row
    }, { status: 201 }),
  )
  app.put('/api/resources_types/:id/', { config: change, schema: { params: idParams, body: resourceTypeInput } }, (request: Req<{ params: typeof idParams; body: typeof resourceTypeInput }>, reply) =>
    mutate(request, reply, async (tx) => {
      const before = found(await findResourceType(tx, request.params.id))
      const after = await updateResourceType(tx, request.params.id, request.body)
      await audit(tx, request, 'resource_type', request.params.id, 'update', before, after)
      return after
    }),
  )
  deletion('/api/resources_types/', 'resource_type', findResourceType, resourceTypeInUse, deleteResourceType)

  const apiValues = async (tx: Executor, body: CounterModelApiInput) => {
    related('resource_type', await findResourceType(tx, body.resource_type))
    return { name: body.name, driver: body.driver, resource_type_id: body.resource_type }
  }
  app.post('/api/counters_api/', { config: change, schema: { body: counterModelApiInput } }, (request: Req<{ body: typeof counterModelApiInput }>, reply) =>
    mutate(request, reply, async (tx) => {
      const id = await insertModelApi(tx, await apiValues(tx, request.body))
      const created = await findModelApi(tx, id)
      await audit(tx, request, 'counter_model_api', id, 'create', null, created)
      return created!
    }, { status: 201 }),
  )
  app.put('/api/counters_api/:id/', { config: change, schema: { params: idParams, body: counterModelApiInput } }, (request: Req<{ params: typeof idParams; body: typeof counterModelApiInput }>, reply) =>
    mutate(request, reply, async (tx) => {
      const before = found(await findModelApi(tx, request.params.id))
      await updateModelApi(tx, request.params.id, await apiValues(tx, request.body))
      const after = await findModelApi(tx, request.params.id)
      await audit(tx, request, 'counter_model_api', request.params.id, 'update', before, after)
      return after!
    }),
  )
  deletion('/api/counters_api/', 'counter_model_api', findModelApi, modelApiInUse, deleteModelApi)

  app.post('/api/counters_models/', { config: change, schema: { body: counterModelInput } }, (request: Req<{ body: typeof counterModelInput }>, reply) =>
    mutate(request, reply, async (tx) => {
      const id = await insertModel(tx, await modelValues(tx, request.body))
      const created = await findModel(tx, id)
      await audit(tx, request, 'counter_model', id, 'create', null, created)
      return created!
    }, { status: 201 }),
  )
  app.put('/api/counters_models/:id/', { config: change, schema: { params: idParams, body: counterModelInput } }, (request: Req<{ params: typeof idParams; body: typeof counterModelInput }>, reply) =>
    mutate(request, reply, async (tx) => {
      const before = found(await findModel(tx, request.params.id))
      await updateModel(tx, request.params.id, await modelValues(tx, request.body))
      const after = await findModel(tx, request.params.id)
      await audit(tx, request, 'counter_model', request.params.id, 'update', before, after)
      return after!
    }),
  )
  deletion('/api/counters_models/', 'counter_model', findModel, modelInUse, deleteModel)
}
