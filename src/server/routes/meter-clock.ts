import type { FastifyInstance } from 'fastify'
import { idParams } from '../../shared/schemas/common'
import { notFound } from '../lib/http-errors'
import type { Req } from '../lib/route-types'
import { driftingMeters, meterClockOf } from '../repositories/meter-clocks'

/** GET /api/counters/:id/clock/: the meter's clock drift; GET /api/monitoring/clocks/: meters whose clocks are off. */
export async function meterClockRoutes(app: FastifyInstance) {
  app.get('/api/counters/:id/clock/', { config: { permission: 'data.view' }, schema: { params: idParams } }, async (request: Req<{ params: typeof idParams }>) => {
    const clock = await meterClockOf(app.db, request.params.id)
    if (!clock) throw notFound()
    return clock
  })

  app.get('/api/monitoring/clocks/', { config: { permission: 'monitoring.view' } }, async () => driftingMeters(app.db))
}
