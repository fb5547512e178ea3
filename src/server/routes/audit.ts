import type { FastifyInstance } from 'fastify'
import { auditQuery } from '../../shared/schemas/audit'
import { pageOf } from '../../shared/schemas/common'
import type { Req } from '../lib/route-types'
import { listAudit } from '../repositories/audit-log'

/**
 * The audit trail: every change made through the API, newest first, filtered by entity and id and by user. Only the
 * entries of records the user may view are listed (`AUDIT_ENTITY_RIGHTS`): `audit.view` alone opens no record.
 */
export async function auditRoutes(app: FastifyInstance) {
  app.get('/api/audit/', { config: { permission: 'audit.view' }, schema: { querystring: auditQuery } }, async (request: Req<{ query: typeof auditQuery }>) =>
    listAudit(app.db, request.user(), request.query, pageOf(request.query)),
  )
}
