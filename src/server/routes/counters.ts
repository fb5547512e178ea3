import type { FastifyInstance, FastifyRequest } from 'fastify'
import { eq } from 'drizzle-orm'
import { idParams } from '../../shared/schemas/common'
import {
  availableForInstallQuery, connParamsUpdate, counterCreate, counterListQuery, counterOperQuery, counterUpdate, createAndInstall,
  takeOff, updateAndInstall, type Counter,
} from '../../shared/schemas/counters'
import { T } from '../../shared/texts'
import type { Executor } from '../db/client'
import { pointCounters } from '../db/schema'
import { audit } from '../lib/audit'
import { badRequest, notFound } from '../lib/http-errors'
import { mutate } from '../lib/mutation'
import type { Req } from '../lib/route-types'
import { checkIfMatch, setEtag } from '../lib/versioning'
import { JSON_CONTENT_TYPE } from '../lib/sql-json'
import {
  connParamsOf, currentInstallation, deleteCounter, findCounter, insertCounter, install, listAvailableForInstallJson, listCountersJson,
  listOperations, modelGroupConnParams, modelGroupOf, recordOperation, resolveConnParams, setCounterActive, takeOffCounter,
  updateCounter,
} from '../repositories/counters'
import { auditedConnParams } from '../repositories/meter-secrets'

type IdReq = Req<{ params: typeof idParams }>

async function existingCounter(db: Executor, id: number): Promise<Counter> {
  const counter = await findCounter(db, id)
  if (!counter) throw notFound()
  return counter
}

type MeterOperation = Omit<Parameters<typeof recordOperation>[1], 'userId'>

/**
 * Writes a meter operation to the meter's history and to the audit trail (entity 'counter', action = the operation's
 * kind, remark = its comment) in the change's transaction: the two records are written only here, so they cannot
 * disagree.
 */
async function meterOperation(tx: Executor, request: FastifyRequest, op: MeterOperation, before: unknown, after: unknown): Promise<void> {
  await recordOperation(tx, { ...op, userId: request.user().user_id })
  await audit(tx, request, 'counter', op.counterId, op.type, before, after, op.comment || undefined)
}

/** Meters, their installation on points (install wizard, take-off), connection parameters and history. */
export async function counterRoutes(app: FastifyInstance) {
  const view = { permission: 'counters.view' } as const
  const change = { permission: 'counters.change' } as const
  const installing = { permission: 'counters.install' } as const

  app.get('/api/counters/', { config: view, schema: { querystring: counterListQuery } }, async (request: Req<{ query: typeof counterListQuery }>, reply) =>
    reply.type(JSON_CONTENT_TYPE).send(await listCountersJson(app.db, request.query)),
  )

  app.get('/api/counters/available_for_install/', { config: view, schema: { querystring: availableForInstallQuery } }, async (request: Req<{ query: typeof availableForInstallQuery }>, reply) =>
    reply.type(JSON_CONTENT_TYPE).send(await listAvailableForInstallJson(app.db, request.query)),
  )

  app.get('/api/counters/:id/', { config: view, schema: { params: idParams } }, async (request: IdReq, reply) => {
    const counter = await existingCounter(app.db, request.params.id)
    setEtag(reply, counter.version)
    return counter
  })

  app.post('/api/counters/', { config: change, schema: { body: counterCreate } }, async (request: Req<{ body: typeof counterCreate }>, reply) => {
    const created = await mutate(
      request,
      reply,
      async (tx) => {
        const id = await insertCounter(tx, request.body)
        const counter = await existingCounter(tx, id)
        await meterOperation(tx, request, { counterId: id, pointId: null, type: 'create', at: new Date() }, null, counter)
        return counter
      },
      { status: 201 },
    )
    setEtag(reply, created.version)
    return created
  })

  app.patch('/api/counters/:id/', { config: change, schema: { params: idParams, body: counterUpdate } }, async (request: Req<{ params: typeof idParams; body: typeof counterUpdate }>, reply) => {
    const updated = await mutate(request, reply, async (tx) => {
      const before = await existingCounter(tx, request.params.id)
      checkIfMatch(request, before)
      const changed = Object.fromEntries(Object.entries(request.body).filter(([key, value]) => value !== undefined && before[key as keyof Counter] !== value))
      if (Object.keys(changed).length === 0) return before
      await updateCounter(tx, before, changed)
      const comment = Object.entries(changed).map(([key, value]) => `${key}: ${String(before[key as keyof Counter])} → ${String(value)}`).join('; ')
      const after = await existingCounter(tx, request.params.id)
      await meterOperation(tx, request, { counterId: before.counter_id, pointId: before.is_current ? before.point_id : null, type: 'edit', at: new Date(), comment }, before, after)
      return after
    })
    setEtag(reply, updated.version)
    return updated
  })

  app.delete('/api/counters/:id/', { config: { permission: 'counters.delete' }, schema: { params: idParams } }, (request: IdReq, reply) =>
    mutate(
      request,
      reply,
      async (tx) => {
        const before = await existingCounter(tx, request.params.id)
        checkIfMatch(request, before)
        if (before.is_current) throw badRequest(T.takeOffBeforeDelete)
        await deleteCounter(tx, request.params.id)
        await audit(tx, request, 'counter', request.params.id, 'delete', before, null)
      },
      { status: 204 },
    ),
  )

  app.post('/api/counters/:id/change_active_state/', { config: change, schema: { params: idParams } }, async (request: IdReq, reply) => {
    const updated = await mutate(request, reply, async (tx) => {
      const before = await existingCounter(tx, request.params.id)
      checkIfMatch(request, before)
      await setCounterActive(tx, before.counter_id, !before.is_active)
      const after = await existingCounter(tx, before.counter_id)
      const type = before.is_active ? 'deactivate' : 'activate'
      await meterOperation(tx, request, { counterId: before.counter_id, pointId: before.is_current ? before.point_id : null, type, at: new Date() }, before, after)
      return after
    })
    setEtag(reply, updated.version)
    return updated
  })

  app.post('/api/counters/create_and_install/', { config: installing, schema: { body: createAndInstall } }, async (request: Req<{ body: typeof createAndInstall }>, reply) => {
    const body = request.body
    const created = await mutate(
      request,
      reply,
      async (tx) => {
        const group = await modelGroupOf(tx, body.model_id)
        const conn = await resolveConnParams(tx, app.box, group, null, body.conn_params)
        const id = await insertCounter(tx, body)
        const at = new Date(body.operation_date)
        // Two operations, as in the history: the meter is created, then installed.
        const created = await existingCounter(tx, id)
        await meterOperation(tx, request, { counterId: id, pointId: null, type: 'create', at }, null, created)
        await install(tx, { counterId: id, pointId: body.point_id, at, coeff: body.coeff, coeffVoltage: body.coeff_voltage, connParams: conn.values, sourceId: conn.sourceId })
        const counter = await existingCounter(tx, id)
        await meterOperation(tx, request, { counterId: id, pointId: body.point_id, type: 'install', at }, created, counter)
        return counter
      },
      { status: 201 },
    )
    setEtag(reply, created.version)
    return created
  })

  app.post('/api/counters/:id/update_and_install/', { config: installing, schema: { params: idParams, body: updateAndInstall } }, async (request: Req<{ params: typeof idParams; body: typeof updateAndInstall }>, reply) => {
    const body = request.body
    const installed = await mutate(request, reply, async (tx) => {
      const before = await existingCounter(tx, request.params.id)
      const conn = await resolveConnParams(tx, app.box, before.counter_model_api, null, body.conn_params)
      const at = new Date(body.operation_date)
      await install(tx, {
        counterId: before.counter_id,
        pointId: body.point_id,
        at,
        coeff: body.coeff ?? before.coeff,
        coeffVoltage: body.coeff_voltage ?? before.coeff_voltage,
        connParams: conn.values,
        sourceId: conn.sourceId,
      })
      const after = await existingCounter(tx, before.counter_id)
      await meterOperation(tx, request, { counterId: before.counter_id, pointId: body.point_id, type: 'install', at }, before, after)
      return after
    })
    setEtag(reply, installed.version)
    return installed
  })

  app.post('/api/point_counter/:id/take_off/', { config: installing, schema: { params: idParams, body: takeOff } }, async (request: Req<{ params: typeof idParams; body: typeof takeOff }>, reply) => {
    const removed = await mutate(request, reply, async (tx) => {
      const before = await existingCounter(tx, request.params.id)
      const at = new Date(request.body.operation_date)
      const pointId = await takeOffCounter(tx, before.counter_id, at)
      const after = await existingCounter(tx, before.counter_id)
      await meterOperation(tx, request, { counterId: before.counter_id, pointId, type: 'take_off', at, comment: request.body.comment }, before, after)
      return after
    })
    setEtag(reply, removed.version)
    return removed
  })

  app.get('/api/counters/:id/conn_params/', { config: view, schema: { params: idParams } }, async (request: IdReq) => {
    const counter = await existingCounter(app.db, request.params.id)
    const current = await currentInstallation(app.db, counter.counter_id)
    if (!current) throw badRequest(T.counterNotInstalled)
    return connParamsOf(app.db, counter.counter_model_api, current.conn_params)
  })

  // {id} is the meter's id, as in take_off: the parameters of its current installation change.
  app.put('/api/point_counter/:id/update_conn_params/', { config: installing, schema: { params: idParams, body: connParamsUpdate } }, (request: Req<{ params: typeof idParams; body: typeof connParamsUpdate }>, reply) =>
    mutate(request, reply, async (tx) => {
      const counter = await existingCounter(tx, request.params.id)
      const current = await currentInstallation(tx, counter.counter_id)
      if (!current) throw badRequest(T.counterNotInstalled)
      const conn = await resolveConnParams(tx, app.box, counter.counter_model_api, current.conn_params, request.body.conn_params)
      await tx.update(pointCounters).set({ conn_params: conn.values, source_id: conn.sourceId }).where(eq(pointCounters.point_counter_id, current.point_counter_id))
      const changed = Object.keys(request.body.conn_params).join(', ')
      const op = { counterId: counter.counter_id, pointId: current.point_id, type: 'conn_params', at: new Date(), comment: changed } as const
      await meterOperation(tx, request, op, auditedConnParams(current.conn_params), auditedConnParams(conn.values))
      return connParamsOf(tx, counter.counter_model_api, conn.values)
    }),
  )

  app.get('/api/counters/:id/model_conn_params/', { config: view, schema: { params: idParams } }, (request: IdReq) => modelGroupConnParams(app.db, request.params.id))

  app.get('/api/counteropers/', { config: view, schema: { querystring: counterOperQuery } }, (request: Req<{ query: typeof counterOperQuery }>) => listOperations(app.db, request.query))
}
