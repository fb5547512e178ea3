import type { FastifyInstance } from 'fastify'
import type * as v from 'valibot'
import { idParams } from '../../shared/schemas/common'
import {
  counterModelApiInput,
  counterModelInput,
  dataParameterInput,
  dataSourceInput,
  resourceTypeInput,
  type CounterModelApiInput,
  type CounterModelInput,
  type DataParameterInput,
} from '../../shared/schemas/references'
import { T } from '../../shared/texts'
import type { Executor } from '../db/client'
import { deleteAudited } from '../lib/audited-writes'
import { badRequest, fieldError } from '../lib/http-errors'
import { bothSpellings, type Req } from '../lib/route-types'
import { createRoute, updateRoute } from '../lib/row-route'
import type { AuditEntity } from '../repositories/audit-log'
import {
  dataParameterWrites,
  dataSourceInUse,
  dataSourceWrites,
  findDataParameter,
  findDataSource,
  findModel,
  findModelApi,
  findResourceType,
  modelApiWrites,
  modelWrites,
  resourceTypeWrites,
} from '../repositories/references'
import { modelApiInUse, modelInUse, resourceTypeInUse } from '../repositories/reference-usage'

const change = { permission: 'references.change' } as const

const related = async (field: string, row: Promise<unknown>) => {
  if (!(await row)) throw fieldError(field, T.relatedMissing)
}

/** A model's columns: its resource type is its group's, so that the two cannot disagree. */
async function modelValues(tx: Executor, body: CounterModelInput) {
  const group = await findModelApi(tx, body.counter_model_api)
  if (!group) throw fieldError('counter_model_api', T.relatedMissing)
  if (body.source !== null) await related('source', findDataSource(tx, body.source))
  const { counter_model_api, source, ...rest } = body
  return { ...rest, counter_model_api_id: counter_model_api, source_id: source, resource_type_id: group.resource_type }
}

async function apiValues(tx: Executor, body: CounterModelApiInput) {
  await related('resource_type', findResourceType(tx, body.resource_type))
  return { name: body.name, driver: body.driver, resource_type_id: body.resource_type }
}

type ById<TResult> = (tx: Executor, id: number) => Promise<TResult>

/** The body as the table's columns. */
const asIs = async <TBody>(_tx: Executor, body: TBody) => body

async function parameterValues(tx: Executor, body: DataParameterInput) {
  await related('resource_type_id', findResourceType(tx, body.resource_type_id))
  return body
}

/**
 * POST on the list, PUT and DELETE on a row of a reference table, as metering.md writes them (DELETE with or without
 * the trailing slash): `values` checks the body and makes it the table's columns; a row `inUse` is not deleted.
 */
function referenceWrites<TBody extends v.GenericSchema, TFields, TRow>(
  app: FastifyInstance,
  path: string,
  entity: AuditEntity,
  body: TBody,
  find: ById<TRow | undefined>,
  writes: {
    insert: (tx: Executor, fields: TFields) => Promise<number>
    update: (tx: Executor, id: number, fields: TFields) => Promise<void>
    remove: ById<void>
  },
  rules: { values: (tx: Executor, body: v.InferOutput<TBody>) => Promise<TFields>; inUse?: ById<boolean> },
) {
  type IdReq = Req<{ params: typeof idParams }>
  createRoute(app, path, change, body, { entity, find, create: async (tx, body) => writes.insert(tx, await rules.values(tx, body)) })
  updateRoute(app, 'put', `${path}:id/`, change, body, {
    entity,
    find,
    update: async (tx, id, body) => writes.update(tx, id, await rules.values(tx, body)),
  })
  for (const url of bothSpellings(`${path}:id`)) {
    app.delete(url, { config: change, schema: { params: idParams } }, (request: IdReq, reply) =>
      deleteAudited(request, reply, {
        entity,
        id: request.params.id,
        find,
        remove: async (tx) => {
          if (await rules.inUse?.(tx, request.params.id)) throw badRequest(T.inUse)
          await writes.remove(tx, request.params.id)
        },
      }),
    )
  }
}

/** The writes of the reference tables: resource types, model groups, meter models, data sources and parameters. */
export async function referenceEditRoutes(app: FastifyInstance) {
  referenceWrites(app, '/api/resources_types/', 'resource_type', resourceTypeInput, findResourceType, resourceTypeWrites, {
    values: asIs,
    inUse: resourceTypeInUse,
  })
  referenceWrites(app, '/api/counters_api/', 'counter_model_api', counterModelApiInput, findModelApi, modelApiWrites, {
    values: apiValues,
    inUse: modelApiInUse,
  })
  referenceWrites(app, '/api/counters_models/', 'counter_model', counterModelInput, findModel, modelWrites, { values: modelValues, inUse: modelInUse })
  referenceWrites(app, '/api/data_sources/', 'data_source', dataSourceInput, findDataSource, dataSourceWrites, { values: asIs, inUse: dataSourceInUse })
  referenceWrites(app, '/api/data_parameters/', 'data_parameter', dataParameterInput, findDataParameter, dataParameterWrites, { values: parameterValues })
}
