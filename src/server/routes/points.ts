import type { FastifyInstance } from 'fastify'
import { idParams, listQuery } from '../../shared/schemas/common'
import { pointInput, type Point, type PointInput } from '../../shared/schemas/points'
import { T } from '../../shared/texts'
import type { Executor } from '../db/client'
import { createAudited, deleteAudited } from '../lib/audited-writes'
import { HttpError, fieldError, orNotFound } from '../lib/http-errors'
import { mutate } from '../lib/mutation'
import { JSON_CONTENT_TYPE } from '../lib/sql-json'
import { bothSpellings, type Req } from '../lib/route-types'
import { checkIfMatch, withEtag } from '../lib/versioning'
import { deletePoint, existingCustomers, findPoint, insertPoint, listPointsJson, pointInstallations, pointMonthConsumption } from '../repositories/points'
import { editPoints } from '../commands/edit-points'
import { accountTimeZone } from '../repositories/accounts'

type IdReq = Req<{ params: typeof idParams }>
type WriteReq = Req<{ params: typeof idParams; body: typeof pointInput }>

async function existingPoint(db: Executor, id: number): Promise<Point> {
  return orNotFound(await findPoint(db, id))
}

async function checkCustomer(db: Executor, input: PointInput): Promise<void> {
  if (input.customer_id !== null && !(await existingCustomers(db, [input.customer_id])).has(input.customer_id))
    throw fieldError('customer_id', T.relatedMissing)
}

/** Metering points; writes carry `version` for the offline outbox (ETag, If-Match, 412 with the current row). */
export async function pointRoutes(app: FastifyInstance) {
  app.get(
    '/api/points/',
    { config: { permission: 'points.view' }, schema: { querystring: listQuery } },
    async (request: Req<{ query: typeof listQuery }>, reply) => reply.type(JSON_CONTENT_TYPE).send(await listPointsJson(app.db, request.query)),
  )

  app.get('/api/points/:id/', { config: { permission: 'points.view' }, schema: { params: idParams } }, async (request: IdReq, reply) =>
    withEtag(reply, await existingPoint(app.db, request.params.id)),
  )

  app.post(
    '/api/points/',
    { config: { permission: 'points.change' }, schema: { body: pointInput } },
    async (request: Req<{ body: typeof pointInput }>, reply) =>
      withEtag(
        reply,
        await createAudited(request, reply, {
          entity: 'point',
          create: async (tx) => {
            await checkCustomer(tx, request.body)
            return insertPoint(tx, request.body)
          },
          find: findPoint,
        }),
      ),
  )

  app.put('/api/points/:id/', { config: { permission: 'points.change' }, schema: { params: idParams, body: pointInput } }, async (request: WriteReq, reply) =>
    withEtag(
      reply,
      await mutate(request, reply, async (tx) => {
        const [result] = await editPoints(tx, request.user().user_id, [
          { pointId: request.params.id, input: request.body, ifMatch: request.headers['if-match'] },
        ])
        if (result instanceof HttpError) throw result
        return result!
      }),
    ),
  )

  for (const url of bothSpellings('/api/points/:id')) {
    app.delete(url, { config: { permission: 'points.delete' }, schema: { params: idParams } }, (request: IdReq, reply) =>
      deleteAudited(request, reply, {
        entity: 'point',
        id: request.params.id,
        find: findPoint,
        remove: (tx, before) => {
          checkIfMatch(request, before)
          return deletePoint(tx, request.params.id)
        },
      }),
    )
  }

  app.get('/api/points/:id/consumption/', { config: { permission: 'points.view' }, schema: { params: idParams } }, async (request: IdReq) => {
    await existingPoint(app.db, request.params.id)
    return { consumption__sum: await pointMonthConsumption(app.db, request.params.id, await accountTimeZone(app.db, request.user().account_id)) }
  })

  app.get('/api/points/:id/counters/', { config: { permission: 'points.view' }, schema: { params: idParams } }, async (request: IdReq) => {
    await existingPoint(app.db, request.params.id)
    return { results: await pointInstallations(app.db, request.params.id) }
  })
}
