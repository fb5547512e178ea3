import type { FastifyInstance, FastifyReply } from 'fastify'
import { idParams } from '../../shared/schemas/common'
import { counterValuesQuery, profileQuery } from '../../shared/schemas/represents'
import { counterValuesOf } from '../balance/counter-values'
import { balanceCsv } from '../balance/csv'
import { profileOf } from '../balance/profile'
import { healthSnapshot } from '../health/health-checker'
import type { Executor } from '../db/client'
import { contentDisposition } from '../lib/content-disposition'
import { orNotFound } from '../lib/http-errors'
import type { Req } from '../lib/route-types'
import { accountTimeZone } from '../repositories/accounts'
import { balancePointsOf, findRepresent } from '../repositories/represents'

/** The object, its points and the zone its days are counted in: the caller's account's. */
async function objectOf(db: Executor, id: number, accountId: number | null) {
  const represent = orNotFound(await findRepresent(db, id))
  return { represent, points: await balancePointsOf(db, id), timeZone: await accountTimeZone(db, accountId) }
}

function sendCsv(reply: FastifyReply, fileName: string, body: string) {
  return reply.header('Content-Type', 'text/csv; charset=utf-8').header('Content-Disposition', contentDisposition(fileName)).send(body)
}

/** The balance of an object (chart and table), its readings at a time of day, their CSV files, and the health map. */
export async function representBalanceRoutes(app: FastifyInstance) {
  const view = { permission: 'represents.view' } as const
  type ProfileReq = Req<{ params: typeof idParams; query: typeof profileQuery }>
  type ValuesReq = Req<{ params: typeof idParams; query: typeof counterValuesQuery }>

  const profile = async (request: ProfileReq) => {
    const { represent, points, timeZone } = await objectOf(app.db, request.params.id, request.user().account_id)
    return { represent, timeZone, data: await profileOf(app.db, points, represent, request.query, timeZone) }
  }
  const values = async (request: ValuesReq) => {
    const { represent, points, timeZone } = await objectOf(app.db, request.params.id, request.user().account_id)
    return { represent, timeZone, data: await counterValuesOf(app.db, points, request.query, timeZone) }
  }

  app.get(
    '/api/represents/:id/points_profile_data/',
    { config: view, schema: { params: idParams, querystring: profileQuery } },
    async (request: ProfileReq) => (await profile(request)).data,
  )

  app.get(
    '/api/represents/:id/points_profile_csv/',
    { config: view, schema: { params: idParams, querystring: profileQuery } },
    async (request: ProfileReq, reply) => {
      const { represent, timeZone, data } = await profile(request)
      const { beginDate, endDate } = request.query
      return sendCsv(reply, `Профиль ${represent.name} ${beginDate}_${endDate}.csv`, balanceCsv(data.headers, data.items, timeZone, data.total))
    },
  )

  app.get(
    '/api/represents/:id/points_counters_values/',
    { config: view, schema: { params: idParams, querystring: counterValuesQuery } },
    async (request: ValuesReq) => (await values(request)).data,
  )

  app.get(
    '/api/represents/:id/points_counter_values_csv/',
    { config: view, schema: { params: idParams, querystring: counterValuesQuery } },
    async (request: ValuesReq, reply) => {
      const { represent, timeZone, data } = await values(request)
      const { beginDate, endDate } = request.query
      return sendCsv(reply, `Показания ${represent.name} ${beginDate}_${endDate}.csv`, balanceCsv(data.headers, data.items, timeZone))
    },
  )

  app.get('/api/represent_health_check/', { config: view }, async () => healthSnapshot())
}
