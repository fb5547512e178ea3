import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify'
import type * as v from 'valibot'
import { idParams } from '../../shared/schemas/common'
import type { Executor } from '../db/client'
import type { AuditEntity } from '../repositories/audit-log'
import { createAudited, updateAudited, type Find } from './audited-writes'
import { orNotFound } from './http-errors'
import type { Req } from './route-types'

/** GET of the row the path's `:id` names, as `find` reads it; none is a 404. */
export function rowRoute<TRow>(app: FastifyInstance, path: string, config: FastifyContextConfig, find: Find<TRow>): void {
  app.get(path, { config, schema: { params: idParams } }, async (request: Req<{ params: typeof idParams }>) =>
    orNotFound(await find(app.db, request.params.id)),
  )
}

/** GET on the list at `path` (filtered by `querystring`) and, through `rowRoute`, on one of its rows at `path:id/`. */
export function readRoutes<TQuery extends v.GenericSchema, TRow>(
  app: FastifyInstance,
  path: string,
  config: FastifyContextConfig,
  querystring: TQuery,
  list: (db: Executor, query: v.InferOutput<TQuery>) => Promise<unknown>,
  find: Find<TRow>,
): void {
  app.get(path, { config, schema: { querystring } }, (request: Req<{ query: TQuery }>) => list(app.db, request.query))
  rowRoute(app, `${path}:id/`, config, find)
}

/**
 * POST on the list at `path`: the body as `body` checks it, the row `create` makes answered with 201 and audited.
 * `create` is given the request too, for what depends on who asks (their account's zone).
 */
export function createRoute<TBody extends v.GenericSchema, TRow>(
  app: FastifyInstance,
  path: string,
  config: FastifyContextConfig,
  body: TBody,
  write: { entity: AuditEntity; find: Find<TRow>; create: (tx: Executor, body: v.InferOutput<TBody>, request: FastifyRequest) => Promise<number> },
): void {
  app.post(path, { config, schema: { body } }, (request: Req<{ body: TBody }>, reply) =>
    createAudited(request, reply, { entity: write.entity, find: write.find, create: (tx) => write.create(tx, request.body, request) }),
  )
}

/** PUT or PATCH on the row the path's `:id` names: the body as `body` checks it, the change audited, the row after answered. */
export function updateRoute<TBody extends v.GenericSchema, TRow>(
  app: FastifyInstance,
  method: 'put' | 'patch',
  path: string,
  config: FastifyContextConfig,
  body: TBody,
  write: { entity: AuditEntity; find: Find<TRow>; update: (tx: Executor, id: number, body: v.InferOutput<TBody>) => Promise<unknown> },
): void {
  app[method](path, { config, schema: { params: idParams, body } }, (request: Req<{ params: typeof idParams; body: TBody }>, reply) =>
    updateAudited(request, reply, {
      entity: write.entity,
      id: request.params.id,
      find: write.find,
      update: (tx) => write.update(tx, request.params.id, request.body),
    }),
  )
}
