import type { FastifyInstance } from 'fastify'
import { idParams } from '../../shared/schemas/common'
import { orNotFound } from '../lib/http-errors'
import type { Req } from '../lib/route-types'
import { driftingMeters, meterClockOf, meterConstantOf } from '../repositories/meter-clocks'

/**
 * What the polls learn of a meter itself: GET /api/counters/:id/clock/, its clock drift; GET /api/counters/:id/constant/,
 * its constant A; GET /api/monitoring/clocks/, the meters whose clocks are off.
 */
export async function meterClockRoutes(app: FastifyInstance) {
  app.get(
    '/api/counters/:id/clock/',
    { config: { permission: 'data.view' }, schema: { params: idParams } },
    async (request: Req<{ params: typeof idParams }>) => orNotFound(await meterClockOf(app.db, request.params.id)),
  )

  app.get(
    '/api/counters/:id/constant/',
    { config: { permission: 'data.view' }, schema: { params: idParams } },
    async (request: Req<{ params: typeof idParams }>) => orNotFound(await meterConstantOf(app.db, request.params.id)),
  )

  app.get('/api/monitoring/clocks/', { config: { permission: 'monitoring.view' } }, async () => driftingMeters(app.db))
}
