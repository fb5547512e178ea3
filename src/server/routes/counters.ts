import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { idParams } from '../../shared/schemas/common'
import {
  availableForInstallQuery,
  connParamsUpdate,
  counterCreate,
  type Counter,
  counterListQuery,
  counterOperQuery,
  counterUpdate,
  createAndInstall,
  takeOff,
  updateAndInstall,
} from '../../shared/schemas/counters'
import { T } from '../../shared/texts'
import {
  createAndInstallMeter,
  createMeter,
  deleteMeter,
  editMeter,
  existingCounter,
  installMeter,
  takeOffMeter,
  toggleMeterActive,
  updateMeterConnParams,
} from '../commands/meters'
import { badRequest, fieldError } from '../lib/http-errors'
import { mutate } from '../lib/mutation'
import type { Req } from '../lib/route-types'
import type { Executor } from '../db/client'
import { checkIfMatch, withEtag } from '../lib/versioning'
import { JSON_CONTENT_TYPE } from '../lib/sql-json'
import { accountTimeZone } from '../repositories/accounts'
import { writtenInstant } from '../reports/time'
import {
  connParamsOf,
  currentInstallation,
  listAvailableForInstallJson,
  listCountersJson,
  listOperations,
  modelGroupConnParams,
} from '../repositories/counters'

type IdReq = Req<{ params: typeof idParams }>

/** A tablet's clock may run this much ahead of the server's: an operation dated «now» there is not in the future. */
const OPERATION_CLOCK_SKEW_MS = 5 * 60_000

/**
 * When an installation or a take-off happened: a date or a time without an offset is the account's wall clock. It
 * has happened: a date ahead would end or start an installation in the future, and another could overlap it.
 */
async function operationAt(tx: Executor, request: FastifyRequest & { body: { operation_date: string } }): Promise<Date> {
  const at = writtenInstant(request.body.operation_date, await accountTimeZone(tx, request.user().account_id))!
  if (at.getTime() > Date.now() + OPERATION_CLOCK_SKEW_MS) throw fieldError('operation_date', T.operationInFuture)
  return at
}

/** The meter the path names, as the request's If-Match expects it (412 with the current meter otherwise). */
async function matchingCounter(tx: Executor, request: IdReq) {
  const counter = await existingCounter(tx, request.params.id)
  checkIfMatch(request, counter)
  return counter
}

/** A write of one meter by a command of commands/meters (with its audit), answered with the meter after and its ETag. */
async function meterWrite(
  request: FastifyRequest,
  reply: FastifyReply,
  write: (tx: Executor, userId: number) => Promise<Counter>,
  options?: { status: number },
): Promise<Counter> {
  return withEtag(reply, await mutate(request, reply, (tx) => write(tx, request.user().user_id), options))
}

/** Meters, their installation on points (install wizard, take-off), connection parameters and history. */
export async function counterRoutes(app: FastifyInstance) {
  const view = { permission: 'counters.view' } as const
  const change = { permission: 'counters.change' } as const
  const installing = { permission: 'counters.install' } as const

  app.get('/api/counters/', { config: view, schema: { querystring: counterListQuery } }, async (request: Req<{ query: typeof counterListQuery }>, reply) =>
    reply.type(JSON_CONTENT_TYPE).send(await listCountersJson(app.db, request.query)),
  )

  app.get(
    '/api/counters/available_for_install/',
    { config: view, schema: { querystring: availableForInstallQuery } },
    async (request: Req<{ query: typeof availableForInstallQuery }>, reply) =>
      reply.type(JSON_CONTENT_TYPE).send(await listAvailableForInstallJson(app.db, request.query)),
  )

  app.get('/api/counters/:id/', { config: view, schema: { params: idParams } }, async (request: IdReq, reply) =>
    withEtag(reply, await existingCounter(app.db, request.params.id)),
  )

  app.post('/api/counters/', { config: change, schema: { body: counterCreate } }, async (request: Req<{ body: typeof counterCreate }>, reply) =>
    meterWrite(request, reply, (tx, userId) => createMeter(tx, userId, request.body), { status: 201 }),
  )

  app.patch(
    '/api/counters/:id/',
    { config: change, schema: { params: idParams, body: counterUpdate } },
    async (request: Req<{ params: typeof idParams; body: typeof counterUpdate }>, reply) =>
      meterWrite(request, reply, async (tx, userId) => editMeter(tx, userId, await matchingCounter(tx, request), request.body)),
  )

  app.delete('/api/counters/:id/', { config: { permission: 'counters.delete' }, schema: { params: idParams } }, (request: IdReq, reply) =>
    mutate(request, reply, async (tx) => deleteMeter(tx, request.user().user_id, await matchingCounter(tx, request)), { status: 204 }),
  )

  app.post('/api/counters/:id/change_active_state/', { config: change, schema: { params: idParams } }, async (request: IdReq, reply) =>
    meterWrite(request, reply, async (tx, userId) => toggleMeterActive(tx, userId, await matchingCounter(tx, request))),
  )

  app.post(
    '/api/counters/create_and_install/',
    { config: installing, schema: { body: createAndInstall } },
    async (request: Req<{ body: typeof createAndInstall }>, reply) =>
      meterWrite(request, reply, async (tx, userId) => createAndInstallMeter(tx, userId, app.box, request.body, await operationAt(tx, request)), {
        status: 201,
      }),
  )

  app.post(
    '/api/counters/:id/update_and_install/',
    { config: installing, schema: { params: idParams, body: updateAndInstall } },
    async (request: Req<{ params: typeof idParams; body: typeof updateAndInstall }>, reply) =>
      meterWrite(request, reply, async (tx, userId) =>
        installMeter(tx, userId, app.box, await existingCounter(tx, request.params.id), request.body, await operationAt(tx, request)),
      ),
  )

  app.post(
    '/api/point_counter/:id/take_off/',
    { config: installing, schema: { params: idParams, body: takeOff } },
    async (request: Req<{ params: typeof idParams; body: typeof takeOff }>, reply) =>
      meterWrite(request, reply, async (tx, userId) =>
        takeOffMeter(tx, userId, await existingCounter(tx, request.params.id), request.body, await operationAt(tx, request)),
      ),
  )

  app.get('/api/counters/:id/conn_params/', { config: view, schema: { params: idParams } }, async (request: IdReq) => {
    const counter = await existingCounter(app.db, request.params.id)
    const current = await currentInstallation(app.db, counter.counter_id)
    if (!current) throw badRequest(T.counterNotInstalled)
    return connParamsOf(app.db, counter.counter_model_api, current.conn_params)
  })

  // {id} is the meter's id, as in take_off: the parameters of its current installation change.
  app.put(
    '/api/point_counter/:id/update_conn_params/',
    { config: installing, schema: { params: idParams, body: connParamsUpdate } },
    (request: Req<{ params: typeof idParams; body: typeof connParamsUpdate }>, reply) =>
      mutate(request, reply, async (tx) =>
        updateMeterConnParams(tx, request.user().user_id, app.box, await existingCounter(tx, request.params.id), request.body.conn_params),
      ),
  )

  app.get('/api/counters/:id/model_conn_params/', { config: view, schema: { params: idParams } }, (request: IdReq) =>
    modelGroupConnParams(app.db, request.params.id),
  )

  app.get('/api/counteropers/', { config: view, schema: { querystring: counterOperQuery } }, (request: Req<{ query: typeof counterOperQuery }>) =>
    listOperations(app.db, request.query),
  )
}
