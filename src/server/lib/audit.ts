import type { FastifyRequest } from 'fastify'
import type { Executor } from '../db/client'
import { auditLog } from '../db/schema'
import type { AuditEntity } from '../repositories/audit-log'

export type AuditAction = 'create' | 'update' | 'delete' | string

export type AuditEntry = { entity: AuditEntity; entityId: number | string; action: AuditAction; before: unknown; after: unknown; remark?: string }

/** Records changes made by one user in the transaction of the changes themselves, one row each. */
export async function auditRows(tx: Executor, userId: number, entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return
  await tx.insert(auditLog).values(
    entries.map((e) => ({
      user_id: userId,
      entity: e.entity,
      entity_id: String(e.entityId),
      action: e.action,
      before: e.before ?? null,
      after: e.after ?? null,
      remark: e.remark ?? null,
    })),
  )
}

/** Records a change made through the API in the transaction of the change itself; a change by no one is refused. */
export function audit(
  tx: Executor,
  request: FastifyRequest,
  entity: AuditEntity,
  entityId: number | string,
  action: AuditAction,
  before: unknown,
  after: unknown,
  remark?: string,
): Promise<void> {
  return auditRows(tx, request.user().user_id, [{ entity, entityId, action, before, after, remark }])
}
