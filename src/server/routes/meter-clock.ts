import type { FastifyInstance } from 'fastify'
import { rowRoute } from '../lib/row-route'
import { driftingMeters, meterClockOf, meterConstantOf } from '../repositories/meter-clocks'

/**
 * What the polls learn of a meter itself: GET /api/counters/:id/clock/, its clock drift; GET /api/counters/:id/constant/,
 * its constant A; GET /api/monitoring/clocks/, the meters whose clocks are off.
 */
export async function meterClockRoutes(app: FastifyInstance) {
  rowRoute(app, '/api/counters/:id/clock/', { permission: 'data.view' }, meterClockOf)
  rowRoute(app, '/api/counters/:id/constant/', { permission: 'data.view' }, meterConstantOf)

  app.get('/api/monitoring/clocks/', { config: { permission: 'monitoring.view' } }, async () => driftingMeters(app.db))
}
