import type { FastifyInstance } from 'fastify'
import { monitoringQuery } from '../../shared/schemas/collection'
import type { Req } from '../lib/route-types'
import { listFailedTasks } from '../repositories/monitoring'

/** GET /api/monitoring/: failed tasks with their last interactions. */
export async function monitoringRoutes(app: FastifyInstance) {
  app.get(
    '/api/monitoring/',
    { config: { permission: 'monitoring.view' }, schema: { querystring: monitoringQuery } },
    async (request: Req<{ query: typeof monitoringQuery }>) => listFailedTasks(app.db, request.query.interactions_num, request.query.mts),
  )
}
