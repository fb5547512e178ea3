import { and, count, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Permission } from '../../shared/permissions'
import type { Executor } from '../db/client'
import { auditLog, users } from '../db/schema'

/**
 * Every kind of record the audit trail holds, with the right that lets one view such records: an entry carries the
 * record before and after (a customer's SNILS, an application's card, a meter's host and port), so the audit shows it
 * only to whoever may read the record itself. Each right is the one of the routes that serve the record. The writers
 * take an `AuditEntity`, so an entity cannot be written before it is given a right here.
 */
export const AUDIT_ENTITY_RIGHTS = {
  point: 'points.view',
  counter: 'counters.view',
  represent: 'represents.view',
  customer: 'customers.view',
  counter_task: 'tasks.view',
  interval_values: 'data.view',
  document_request: 'requests.view',
  attachment: 'requests.view',
  attachment_comment: 'requests.view',
  document_close_file: 'requests.view',
  // Read by GET /api/document_type/ and /api/document_required_file/, whose right is requests.view.
  document_type: 'requests.view',
  document_required_file: 'requests.view',
  user: 'users.view',
  permissions_group: 'groups.view',
  account: 'account.view',
  account_email: 'account_emails.manage',
  // The account's default scheme is read only by GET /api/tariff_schemes/.
  account_tariff_scheme: 'reports.export',
  resource_type: 'references.view',
  counter_model_api: 'references.view',
  counter_model: 'references.view',
  data_source: 'references.view',
  data_parameter: 'references.view',
} as const satisfies Record<string, Permission>

export type AuditEntity = keyof typeof AUDIT_ENTITY_RIGHTS

/** Who reads the audit: a superuser sees every entry, anyone else the entries of the records their rights show. */
export type AuditReader = { is_superuser: boolean; permissions: ReadonlySet<string> }

/** The entities whose entries the reader may see; none means all (a superuser, entities of older versions too). */
function viewableEntities(reader: AuditReader): AuditEntity[] | undefined {
  if (reader.is_superuser) return undefined
  return (Object.keys(AUDIT_ENTITY_RIGHTS) as AuditEntity[]).filter((entity) => reader.permissions.has(AUDIT_ENTITY_RIGHTS[entity]))
}

/**
 * The audit trail, newest first, of one entity kind and id and of one user when given, a page at a time, of the
 * entities the reader may view: filtered in the query, so that the count and the pages hold only those.
 */
export async function listAudit(
  db: Executor,
  reader: AuditReader,
  filter: { entity?: string; entity_id?: string; user_id?: number },
  page: { limit: number | null; offset: number },
) {
  const viewable = viewableEntities(reader)
  const where = and(
    viewable === undefined ? undefined : viewable.length === 0 ? sql`false` : inArray(auditLog.entity, viewable),
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
