import type { FastifyRequest } from 'fastify'
import type { Executor } from '../db/client'
import { auditLog } from '../db/schema'

export type AuditAction = 'create' | 'update' | 'delete' | string

/** Records a change made through the API in the transaction of the change itself; a change by no one is refused. */
export async function audit(
  tx: Executor,
  request: FastifyRequest,
  entity: string,
  entityId: number | string,
  action: AuditAction,
  before: unknown,
  after: unknown,
  remark?: string,
): Promise<void> {
  await tx.insert(auditLog).values({
    user_id: request.user().user_id,
    entity,
    entity_id: String(entityId),
    action,
    before: before ?? null,
    after: after ?? null,
    remark: remark ?? null,
  })
}
