import type { FastifyInstance } from 'fastify'
import { CURRENT_VERSION } from '../../shared/app-info'
import { pingDatabase } from '../db/client'

export async function healthRoutes(app: FastifyInstance) {
  app.get('/api/health/', { config: { access: 'public' } }, async () => {
    await pingDatabase(app.db)
    return { status: 'ok', version: CURRENT_VERSION, database: app.dbEngine }
  })
}
