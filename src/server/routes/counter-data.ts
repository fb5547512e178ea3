import type { FastifyInstance } from 'fastify'
import { consumptionQuery, counterQuery, currentDataQuery, parameterSelection, pointQuery, profileDataQuery, relayInput } from '../../shared/schemas/collection'
import { idParams } from '../../shared/schemas/common'
import { T } from '../../shared/texts'
import { PROFILE_MAX_DAYS, checkSpanLength } from '../balance/profile'
import { channelOfCode, isPolledDriver, loadMeterContext } from '../collector/task-context'
import type { Executor } from '../db/client'
import { requestOnDemandRead, requestRelay } from '../commands/meter-reads'
import { audit } from '../lib/audit'
import { badRequest, fieldError, forbidden, notFound } from '../lib/http-errors'
import { mutate } from '../lib/mutation'
import type { Req } from '../lib/route-types'
import { accountTimeZone } from '../repositories/accounts'
import { localParts, writtenInstant } from '../reports/time'
import {
  accumulatedData,
  availableParams,
  consumptionByDate,
  defaultProfileSpan,
  latestRegisters,
  latestRequest,
  meterModelOf,
  modelHasParameter,
  parametersOfCounter,
  phaseData,
  profileData,
  setParameterSelection,
} from '../repositories/meter-data'
import { findPoint } from '../repositories/points'
import { findDataParameter } from '../repositories/references'

async function counterOr404(db: Executor, id: number, field?: string) {
  const row = await meterModelOf(db, id)
  if (!row) throw field ? fieldError(field, T.unknownCounter) : notFound()
  return row
}

/** What `read` answers about the meter `id`, after a 404 when there is no such meter. */
async function aboutCounter<T>(db: Executor, id: number, read: (db: Executor, id: number) => Promise<T>): Promise<T> {
  await counterOr404(db, id)
  return read(db, id)
}

async function pointOr404(db: Executor, id: number) {
  if (!(await findPoint(db, id))) throw notFound()
}

/** Meter data views: current data, phases, consumption, profiles, accumulated readings, parameters to collect, power switching. */
export async function counterDataRoutes(app: FastifyInstance) {
  app.get(
    '/api/counter/:id/get_current_data/',
    { config: { permission: 'counters.view' }, schema: { params: idParams, querystring: currentDataQuery } },
    async (request: Req<{ params: typeof idParams; query: typeof currentDataQuery }>) => {
      const id = request.params.id
      const counter = await counterOr404(app.db, id)
      // The driver as a poll would find it (a LoRaWAN installation's is its source's): a request no poll can serve is refused.
      const polled = isPolledDriver((await loadMeterContext(app.db, id, []))?.driver ?? '')
      if (request.query.refresh) {
        if (!request.user().permissions.has('counters.poll')) throw forbidden(T.onDemandPollForbidden)
        if (!polled) throw badRequest(T.meterNotPolled)
        await requestOnDemandRead(app.db, id, request.user().user_id)
      }
      const [registers, phase, task] = await Promise.all([latestRegisters(app.db, id), phaseData(app.db, id), latestRequest(app.db, id)])
      return { external_model: counter.external_model, polled, ...registers, phase, task }
    },
  )

  app.get(
    '/api/counters/:id/phase/',
    { config: { permission: 'data.view' }, schema: { params: idParams } },
    async (request: Req<{ params: typeof idParams }>) => aboutCounter(app.db, request.params.id, phaseData),
  )

  app.post(
    '/api/counters/:id/relay/',
    { config: { permission: 'counters.control' }, schema: { params: idParams, body: relayInput } },
    async (request: Req<{ params: typeof idParams; body: typeof relayInput }>, reply) =>
      mutate(
        request,
        reply,
        async (tx) => {
          const counter = await counterOr404(tx, request.params.id)
          if (counter.external_model !== 'mercury_206') throw badRequest(T.relayOnlyMercury206)
          // Only a command that changes what the meter will do is audited: a repeat of the waiting one asks nothing new.
          if (await requestRelay(tx, counter.counter_id, request.body.on, request.user().user_id)) {
            await audit(tx, request, 'counter', counter.counter_id, request.body.on ? 'relay_on' : 'relay_off', null, null)
          }
          return latestRequest(tx, counter.counter_id)
        },
        { status: 202 },
      ),
  )

  app.get(
    '/api/points/:id/consumption_by_date/',
    { config: { permission: 'data.view' }, schema: { params: idParams, querystring: consumptionQuery } },
    async (request: Req<{ params: typeof idParams; query: typeof consumptionQuery }>) => {
      await pointOr404(app.db, request.params.id)
      return consumptionByDate(app.db, request.params.id, request.query.month, await accountTimeZone(app.db, request.user().account_id))
    },
  )

  app.get(
    '/api/counters_profile_data/',
    { config: { permission: 'data.view' }, schema: { querystring: profileDataQuery } },
    async (request: Req<{ query: typeof profileDataQuery }>) => {
      const q = request.query
      const timeZone = await accountTimeZone(app.db, request.user().account_id)
      const span = defaultProfileSpan(q.interval, new Date())
      const from = q.beg_date ? writtenInstant(q.beg_date, timeZone)! : span.from
      const to = q.end_date ? writtenInstant(q.end_date, timeZone)! : span.to
      if (from >= to) throw fieldError('end_date', T.invalidValue)
      // The same bound per interval as an object's balance: one answer stays at a few thousand rows.
      checkSpanLength(from, to, PROFILE_MAX_DAYS[q.interval]!, 'end_date')
      await pointOr404(app.db, q.point_id)
      const parameter = await findDataParameter(app.db, q.parameter_id)
      const channel = parameter ? channelOfCode(parameter.code) : undefined
      if (!parameter || channel === undefined) throw fieldError('parameter_id', T.invalidValue)
      const items = await profileData(app.db, q.point_id, channel, q.interval, from, to, timeZone)
      return { parameter_name: parameter.name, measurement: parameter.measurement, interval: q.interval, items }
    },
  )

  app.get(
    '/api/counters_accumulated_data/',
    { config: { permission: 'data.view' }, schema: { querystring: pointQuery } },
    async (request: Req<{ query: typeof pointQuery }>) => {
      await pointOr404(app.db, request.query.point_id)
      const timeZone = await accountTimeZone(app.db, request.user().account_id)
      const today = localParts(Date.now(), timeZone).day
      return { date: today, results: await accumulatedData(app.db, request.query.point_id, today, timeZone) }
    },
  )

  app.get(
    '/api/counters_data/available_params/',
    { config: { permission: 'data.view' }, schema: { querystring: pointQuery } },
    async (request: Req<{ query: typeof pointQuery }>) => {
      await pointOr404(app.db, request.query.point_id)
      const params = await availableParams(app.db, request.query.point_id)
      return params.filter((p) => channelOfCode(p.code) !== undefined).map(({ code: _, ...rest }) => rest)
    },
  )

  app.get(
    '/api/counters_parameters_to_collect/all_parameters_by_counter/',
    { config: { permission: 'counters.view' }, schema: { querystring: counterQuery } },
    async (request: Req<{ query: typeof counterQuery }>) => aboutCounter(app.db, request.query.counter_id, parametersOfCounter),
  )

  const select = (isSelected: boolean) => async (request: Req<{ body: typeof parameterSelection }>, reply: Parameters<typeof mutate>[1]) =>
    mutate(request, reply, async (tx) => {
      const { counter_id, parameter_id } = request.body
      const counter = await counterOr404(tx, counter_id, 'counter_id')
      if (!(await modelHasParameter(tx, counter.model_id, parameter_id))) throw fieldError('parameter_id', T.parameterNotOfModel)
      await setParameterSelection(tx, counter_id, parameter_id, isSelected)
      await audit(tx, request, 'counter', counter_id, isSelected ? 'select_parameter' : 'unselect_parameter', null, { parameter_id })
      return parametersOfCounter(tx, counter_id)
    })
  app.post('/api/counters_parameters_to_collect/', { config: { permission: 'tasks.change' }, schema: { body: parameterSelection } }, select(true))
  app.post('/api/counters_parameters_to_collect/unselect/', { config: { permission: 'tasks.change' }, schema: { body: parameterSelection } }, select(false))
}
