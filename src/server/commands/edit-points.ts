import type { Point, PointInput } from '../../shared/schemas/points'
import { T } from '../../shared/texts'
import type { Executor } from '../db/client'
import { auditRows } from '../lib/audit'
import { fieldError, notFound, preconditionFailed, type HttpError } from '../lib/http-errors'
import { ifMatchAllows } from '../lib/versioning'
import { existingCustomers, findPoints, updatePoints } from '../repositories/points'

/** An edit of a point as PUT /api/points/:id/ receives it: the whole input and the version it was made on. */
export type PointEdit = { pointId: number; input: PointInput; ifMatch: unknown }

/**
 * Edits distinct points for one user, a statement per step for all of them: read, check, write, audit. Each edit
 * answers the point as written, or the error its route answers: 404, 412 with the current row, 400 for a subscriber
 * that does not exist. A point number already taken throws its field error and writes nothing.
 */
export async function editPoints(tx: Executor, userId: number, edits: PointEdit[]): Promise<(Point | HttpError)[]> {
  const before = await findPoints(
    tx,
    edits.map((e) => e.pointId),
  )
  const customers = await existingCustomers(tx, [...new Set(edits.flatMap((e) => (e.input.customer_id === null ? [] : [e.input.customer_id])))])
  const refusals = edits.map((edit): HttpError | null => {
    const current = before.get(edit.pointId)
    if (!current) return notFound()
    if (!ifMatchAllows(edit.ifMatch, current.version)) return preconditionFailed(current)
    if (edit.input.customer_id !== null && !customers.has(edit.input.customer_id)) return fieldError('customer_id', T.relatedMissing)
    return null
  })
  const accepted = edits.filter((_, i) => refusals[i] === null)
  const after = await updatePoints(tx, accepted)
  await auditRows(
    tx,
    userId,
    accepted.map((e) => ({ entity: 'point', entityId: e.pointId, action: 'update', before: before.get(e.pointId), after: after.get(e.pointId) })),
  )
  return edits.map((e, i) => refusals[i] ?? after.get(e.pointId)!)
}
