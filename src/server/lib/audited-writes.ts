import { isDeepStrictEqual } from 'node:util'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Executor } from '../db/client'
import type { AuditEntity } from '../repositories/audit-log'
import { audit } from './audit'
import { orNotFound } from './http-errors'
import { mutate } from './mutation'

/*
 * The writes of one row as most routes make them: in one transaction (`mutate`, so Idempotency-Key holds), 404 when
 * the row is not there, the audit of the row before and after, and the status the spec answers. Writes of several
 * steps live in commands/ and call `mutate` and `audit` themselves.
 */

/** Reads a row as the route answers it (and the audit records it); none is a 404. */
export type Find<TRow> = (tx: Executor, id: number) => Promise<TRow | null | undefined>

/** Creates a row, `create` answering its id, and answers the row with 201. */
export function createAudited<TRow>(
  request: FastifyRequest,
  reply: FastifyReply,
  write: { entity: AuditEntity; create: (tx: Executor) => Promise<number>; find: Find<TRow> },
): Promise<TRow> {
  return mutate(
    request,
    reply,
    async (tx) => {
      const id = await write.create(tx)
      const row = orNotFound(await write.find(tx, id))
      await audit(tx, request, write.entity, id, 'create', null, row)
      return row
    },
    { status: 201 },
  )
}

/** `secret`: the write sets a secret the row does not show (a password): it is recorded though the row reads the same. */
type UpdateWrite<TRow> = { entity: AuditEntity; id: number; find: Find<TRow>; action?: string; secret?: boolean }

/**
 * Changes a row and answers the row after: what `change` returns, or, when `update` only writes, the row as `find`
 * reads it then (as `createAudited` answers).
 */
export function updateAudited<TRow>(
  request: FastifyRequest,
  reply: FastifyReply,
  write: UpdateWrite<TRow> & { update: (tx: Executor, before: TRow) => Promise<unknown> },
): Promise<TRow>
export function updateAudited<TRow, TAfter>(
  request: FastifyRequest,
  reply: FastifyReply,
  write: UpdateWrite<TRow> & { change: (tx: Executor, before: TRow) => Promise<TAfter> },
): Promise<TAfter>
export function updateAudited<TRow, TAfter>(
  request: FastifyRequest,
  reply: FastifyReply,
  write: UpdateWrite<TRow> & ({ change: (tx: Executor, before: TRow) => Promise<TAfter> } | { update: (tx: Executor, before: TRow) => Promise<unknown> }),
): Promise<TAfter | TRow> {
  return mutate(request, reply, async (tx) => {
    const before = orNotFound(await write.find(tx, write.id))
    let after: TAfter | TRow
    if ('change' in write) after = await write.change(tx, before)
    else {
      await write.update(tx, before)
      after = orNotFound(await write.find(tx, write.id))
    }
    // A write that changed nothing is no change to record: repeated, it would only bury the real ones.
    if (write.secret || !isDeepStrictEqual(before, after)) await audit(tx, request, write.entity, write.id, write.action ?? 'update', before, after)
    return after
  })
}

/** Deletes a row and answers 204. */
export function deleteAudited<TRow>(
  request: FastifyRequest,
  reply: FastifyReply,
  write: { entity: AuditEntity; id: number; find: Find<TRow>; remove: (tx: Executor, before: TRow) => Promise<unknown> },
): Promise<void> {
  return mutate(
    request,
    reply,
    async (tx) => {
      const before = orNotFound(await write.find(tx, write.id))
      await write.remove(tx, before)
      await audit(tx, request, write.entity, write.id, 'delete', before, null)
    },
    { status: 204 },
  )
}
