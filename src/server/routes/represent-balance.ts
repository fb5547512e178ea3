import type { FastifyInstance, FastifyReply } from 'fastify'
import type * as v from 'valibot'
import { idParams } from '../../shared/schemas/common'
import { counterValuesQuery, profileQuery, type BalanceHeader, type BalanceItem } from '../../shared/schemas/represents'
import { counterValuesOf } from '../balance/counter-values'
import { balanceCsv } from '../balance/csv'
import { profileOf } from '../balance/profile'
import { tableSlots } from '../balance/table-slots'
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

type BalanceObject = Awaited<ReturnType<typeof objectOf>>

function sendCsv(reply: FastifyReply, fileName: string, body: string) {
  return reply.header('Content-Type', 'text/csv; charset=utf-8').header('Content-Disposition', contentDisposition(fileName)).send(body)
}

/** A table of an object's points, as the CSV file writes it: columns, rows and, when it has one, the period's total. */
type BalanceTable = { headers: BalanceHeader[]; items: BalanceItem[]; total?: BalanceItem }

/** The balance of an object (chart and table), its readings at a time of day, their CSV files, and the health map. */
export async function representBalanceRoutes(app: FastifyInstance) {
  const view = { permission: 'represents.view' } as const
  // Built on the main thread: a few at once, the rest refused with 429 (balance/table-slots.ts).
  const slots = tableSlots()

  /**
   * A table of the object the path names, for the query's period: as JSON at `paths.data` and as a CSV file at
   * `paths.csv`, named «<title> <object> <begin>_<end>.csv».
   */
  function tableRoutes<TQuery extends { beginDate: string; endDate: string }, TTable extends BalanceTable>(
    paths: { data: string; csv: string },
    querystring: v.GenericSchema<unknown, TQuery>,
    title: string,
    read: (object: BalanceObject, query: TQuery) => Promise<TTable>,
  ) {
    type TableReq = Req<{ params: typeof idParams; query: typeof querystring }>
    const schema = { params: idParams, querystring }
    const table = async (request: TableReq) => {
      // The validation plugin has parsed it with `querystring`; Fastify's types do not follow a generic query.
      const query = request.query as TQuery
      const object = await objectOf(app.db, request.params.id, request.user().account_id)
      return { ...object, query, data: await read(object, query) }
    }
    /** Builds in one of the tables' slots, the CSV file's text included. */
    const inSlot = async <TResult>(request: TableReq, build: () => Promise<TResult>) => {
      const release = slots.take(request.user().user_id)
      try {
        return await build()
      } finally {
        release()
      }
    }

    app.get(paths.data, { config: view, schema }, (request: TableReq) => inSlot(request, async () => (await table(request)).data))

    app.get(paths.csv, { config: view, schema }, (request: TableReq, reply) =>
      inSlot(request, async () => {
        const { represent, timeZone, query, data } = await table(request)
        const { beginDate, endDate } = query
        return sendCsv(reply, `${title} ${represent.name} ${beginDate}_${endDate}.csv`, balanceCsv(data.headers, data.items, timeZone, data.total))
      }),
    )
  }

  tableRoutes(
    { data: '/api/represents/:id/points_profile_data/', csv: '/api/represents/:id/points_profile_csv/' },
    profileQuery,
    'Профиль',
    ({ represent, points, timeZone }, query) => profileOf(app.db, points, represent, query, timeZone),
  )

  tableRoutes(
    { data: '/api/represents/:id/points_counters_values/', csv: '/api/represents/:id/points_counter_values_csv/' },
    counterValuesQuery,
    'Показания',
    ({ points, timeZone }, query) => counterValuesOf(app.db, points, query, timeZone),
  )

  app.get('/api/represent_health_check/', { config: view }, async () => healthSnapshot())
}
