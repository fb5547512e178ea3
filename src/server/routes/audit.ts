import type { FastifyInstance } from 'fastify'
import { and, count, desc, eq, sql } from 'drizzle-orm'
import { auditQuery } from '../../shared/schemas/audit'
import { pageOf } from '../../shared/schemas/common'
import { auditLog, users } from '../db/schema'
import type { Req } from '../lib/route-types'

/** The audit trail: every change made through the API, newest first, filtered by entity and id. */
export async function auditRoutes(app: FastifyInstance) {
  app.get('/api/audit/', { config: { permission: 'audit.view' }, schema: { querystring: auditQuery } }, async (request: Req<{ query: typeof auditQuery }>) => {
    const { entity, entity_id } = request.query
    const where = and(entity ? eq(auditLog.entity, entity) : undefined, entity_id ? eq(auditLog.entity_id, entity_id) : undefined)
    const { limit, offset } = pageOf(request.query)
    const rows = app.db
      .select({
        audit_id: auditLog.audit_id,
        user_id: auditLog.user_id,
        // Named as the meter history names its users: full name, else the login.
        user_name: sql<string | null>`coalesce(nullif(trim(concat_ws(' ', ${users.first_name}, ${users.last_name})), ''), ${users.username})`,
        entity: auditLog.entity,
        entity_id: auditLog.entity_id,
        action: auditLog.action,
        before: auditLog.before,
        after: auditLog.after,
        remark: auditLog.remark,
        created_at: sql<string>`to_char(${auditLog.created_at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.user_id, auditLog.user_id))
      .where(where)
      .orderBy(desc(auditLog.created_at), desc(auditLog.audit_id))
      .offset(offset)
    const [results, [total]] = await Promise.all([limit === null ? rows : rows.limit(limit), app.db.select({ count: count() }).from(auditLog).where(where)])
    return { count: Number(total?.count ?? 0), results }
  })
}
