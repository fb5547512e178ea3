import type { FastifyInstance, FastifyReply } from 'fastify'
import { idParams, listQuery } from '../../shared/schemas/common'
import {
  halfsQuery,
  pointColorBody,
  pointIdQuery,
  pointOrderBody,
  pointSelectedBody,
  representCreate,
  representPointQuery,
  representUpdate,
} from '../../shared/schemas/represents'
import { T } from '../../shared/texts'
import type { Executor } from '../db/client'
import { audit } from '../lib/audit'
import { deleteAudited } from '../lib/audited-writes'
import { fieldError, orNotFound } from '../lib/http-errors'
import { mutate } from '../lib/mutation'
import { bothSpellings, type Req } from '../lib/route-types'
import { createRoute, readRoutes, updateRoute } from '../lib/row-route'
import { findPoint } from '../repositories/points'
import {
  availablePointsOf,
  deleteRepresent,
  findRepresent,
  findRepresentPoint,
  insertRepresent,
  linkPoint,
  listRepresents,
  representPointsOf,
  representTree,
  unlinkPoint,
  updatePointLink,
  updateRepresent,
  type RepresentPointLink,
} from '../repositories/represents'
import { representBalanceRoutes } from './represent-balance'

/** Sign of a point cycles 1 -> -1 -> 0 -> 1 (metering.md section 4). */
const NEXT_SIGN: Record<number, number> = { 1: -1, [-1]: 0, 0: 1 }

async function existingRepresent(db: Executor, id: number) {
  return orNotFound(await findRepresent(db, id))
}

async function existingLink(db: Executor, representId: number, representPointId: number) {
  const link = await findRepresentPoint(db, representId, representPointId)
  if (!link) throw fieldError('represent_point_id', T.representPointNotFound)
  return link
}

export async function representRoutes(app: FastifyInstance) {
  const view = { permission: 'represents.view' } as const
  const change = { permission: 'represents.change' } as const
  type IdReq = Req<{ params: typeof idParams }>

  app.get('/api/represents/all/', { config: view }, async () => ({ results: await representTree(app.db) }))

  readRoutes(app, '/api/represents/', view, listQuery, listRepresents, findRepresent)

  createRoute(app, '/api/represents/', change, representCreate, {
    entity: 'represent',
    find: findRepresent,
    create: async (tx, { name, remark, parent_id }) => {
      if (parent_id !== null && !(await findRepresent(tx, parent_id))) throw fieldError('parent_id', T.representParentMissing)
      return insertRepresent(tx, { name, remark, parent_id })
    },
  })

  // The path names the object; a body's represent_id is only an echo of it.
  updateRoute(app, 'put', '/api/represents/:id/', change, representUpdate, {
    entity: 'represent',
    find: findRepresent,
    update: (tx, id, { represent_id: _echo, ...fields }) => updateRepresent(tx, id, fields),
  })

  for (const url of bothSpellings('/api/represents/:id')) {
    app.delete(url, { config: change, schema: { params: idParams } }, async (request: IdReq, reply) =>
      deleteAudited(request, reply, {
        entity: 'represent',
        id: request.params.id,
        find: findRepresent,
        remove: (tx) => deleteRepresent(tx, request.params.id),
      }),
    )
  }

  app.get(
    '/api/represents/:id/points/',
    { config: view, schema: { params: idParams, querystring: halfsQuery } },
    async (request: Req<{ params: typeof idParams; query: typeof halfsQuery }>) => {
      await existingRepresent(app.db, request.params.id)
      return representPointsOf(app.db, request.params.id, request.query.halfs_num)
    },
  )

  app.get('/api/represents/:id/available_points/', { config: view, schema: { params: idParams } }, async (request: IdReq) => {
    await existingRepresent(app.db, request.params.id)
    return availablePointsOf(app.db, request.params.id)
  })

  const pointSchema = { params: idParams, querystring: pointIdQuery }
  type PointReq = Req<{ params: typeof idParams; query: typeof pointIdQuery }>

  app.post('/api/represents/:id/add_point/', { config: change, schema: pointSchema }, async (request: PointReq, reply) => {
    const representId = request.params.id
    const pointId = request.query.point_id
    return mutate(
      request,
      reply,
      async (tx) => {
        await existingRepresent(tx, representId)
        if (!(await findPoint(tx, pointId))) throw fieldError('point_id', T.relatedMissing)
        const link = await linkPoint(tx, representId, pointId)
        if (!link) throw fieldError('point_id', T.pointAlreadyInRepresent)
        await audit(tx, request, 'represent', representId, 'add_point', null, link)
        return link
      },
      { status: 201 },
    )
  })

  app.post('/api/represents/:id/del_point/', { config: change, schema: pointSchema }, async (request: PointReq, reply) => {
    const representId = request.params.id
    await mutate(
      request,
      reply,
      async (tx) => {
        const link = await unlinkPoint(tx, representId, request.query.point_id)
        if (!link) throw fieldError('point_id', T.pointNotInRepresent)
        await audit(tx, request, 'represent', representId, 'del_point', link, null)
      },
      { status: 204 },
    )
  })

  /** Changes one field of a point link and answers the link. */
  const updateLink = (
    request: Req<{ params: typeof idParams; query: typeof representPointQuery }>,
    reply: FastifyReply,
    change: (link: RepresentPointLink) => Partial<RepresentPointLink>,
  ) =>
    mutate(request, reply, async (tx) => {
      const before = await existingLink(tx, request.params.id, request.query.represent_point_id)
      const after = await updatePointLink(tx, before.represent_point_id, change(before))
      await audit(tx, request, 'represent', request.params.id, 'update_point', before, after)
      return after
    })

  const linkSchema = { params: idParams, querystring: representPointQuery }
  app.post(
    '/api/represents/:id/update_point_sign/',
    { config: change, schema: linkSchema },
    async (request: Req<typeof linkSchema & { query: typeof representPointQuery }>, reply) => {
      const link = await updateLink(request, reply, (before) => ({ sign: NEXT_SIGN[before.sign] ?? 1 }))
      return { sign: link.sign }
    },
  )

  app.post(
    '/api/represents/:id/update_point_color/',
    { config: change, schema: { ...linkSchema, body: pointColorBody } },
    async (request: Req<{ params: typeof idParams; query: typeof representPointQuery; body: typeof pointColorBody }>, reply) =>
      updateLink(request, reply, () => ({ color: request.body.color })),
  )

  app.post(
    '/api/represents/:id/update_point_order/',
    { config: change, schema: { ...linkSchema, body: pointOrderBody } },
    async (request: Req<{ params: typeof idParams; query: typeof representPointQuery; body: typeof pointOrderBody }>, reply) =>
      updateLink(request, reply, () => ({ order_num: request.body.order_num })),
  )

  // Not in the spec's API, which has the field but no call for it: the console's choice of points for the chart and table.
  app.post(
    '/api/represents/:id/update_point_selected/',
    { config: change, schema: { ...linkSchema, body: pointSelectedBody } },
    async (request: Req<{ params: typeof idParams; query: typeof representPointQuery; body: typeof pointSelectedBody }>, reply) =>
      updateLink(request, reply, () => ({ selected: request.body.selected })),
  )

  await app.register(representBalanceRoutes)
}
