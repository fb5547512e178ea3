import type { FastifyContextConfig, FastifyInstance } from 'fastify'
import type * as v from 'valibot'
import { idParams } from '../../shared/schemas/common'
import type { Executor } from '../db/client'
import { orNotFound } from './http-errors'
import type { Req } from './route-types'

/** GET of the row the path's `:id` names, as `find` reads it; none is a 404. */
export function rowRoute<TRow>(
  app: FastifyInstance,
  path: string,
  config: FastifyContextConfig,
  find: (db: Executor, id: number) => Promise<TRow | null | undefined>,
): void {
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
  find: (db: Executor, id: number) => Promise<TRow | null | undefined>,
): void {
  app.get(path, { config, schema: { querystring } }, (request: Req<{ query: TQuery }>) => list(app.db, request.query))
  rowRoute(app, `${path}:id/`, config, find)
}
