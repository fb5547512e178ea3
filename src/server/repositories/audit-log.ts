import { and, count, desc, eq, sql } from 'drizzle-orm'
import type { Executor } from '../db/client'
import { auditLog, users } from '../db/schema'

/** The audit trail, newest first, of one entity kind and id and of one user when given, a page at a time. */
export async function listAudit(
  db: Executor,
  filter: { entity?: string; entity_id?: string; user_id?: number },
  page: { limit: number | null; offset: number },
) {
  const where = and(
    filter.entity ? eq(auditLog.entity, filter.entity) : undefined,
    filter.entity_id ? eq(auditLog.entity_id, filter.entity_id) : undefined,
    filter.user_id !== undefined ? eq(auditLog.user_id, filter.user_id) : undefined,
  )
  const rows = db
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
    .offset(page.offset)
  const [results, [total]] = await Promise.all([page.limit === null ? rows : rows.limit(page.limit), db.select({ count: count() }).from(auditLog).where(where)])
  return { count: Number(total?.count ?? 0), results }
}
