import type { FastifyInstance } from 'fastify'
import { CURRENT_VERSION } from '../../shared/app-info'
import { pingDatabase } from '../db/client'

/** The health answer never waits on a busy database: past this the database is reported as busy. */
const PING_BUDGET_MS = 300

export async function healthRoutes(app: FastifyInstance) {
  app.get('/api/health/', { config: { access: 'public' } }, async (_request, reply) => {
    let timer: NodeJS.Timeout | undefined
    const budget = new Promise<'busy'>((resolve) => (timer = setTimeout(() => resolve('busy'), PING_BUDGET_MS)))
    const ping = pingDatabase(app.db).then(
      () => 'ok' as const,
      () => 'down' as const,
    )
    const database = await Promise.race([ping, budget])
    clearTimeout(timer)
    if (database === 'down') reply.code(503)
    return { status: database === 'down' ? 'error' : 'ok', version: CURRENT_VERSION, engine: app.dbEngine, database }
  })
}
