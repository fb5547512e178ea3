import { createHash } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { and, eq } from 'drizzle-orm'
import { T } from '../../shared/texts'
import type { Executor } from '../db/client'
import { idempotencyKeys } from '../db/schema'
import { HttpError, badRequest } from './http-errors'

/** Thrown inside the transaction to leave it when a stored answer replays. */
class StoredAnswer {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

/** The method, the URL and the body; a multipart body by every part read (files/storage.ts `receiveMultipart`). */
function requestHash(request: FastifyRequest): string {
  const multipart = request.multipartDigest === undefined ? '' : `\n${request.multipartDigest}`
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}${multipart}`)
    .digest('hex')
}

/**
 * Runs a change in one transaction. With an `Idempotency-Key` the key, the request's hash and the answer are
 * written in that same transaction: a replay gets the stored answer without applying anything twice, and the
 * same key with another request gets 422.
 */
export async function mutate<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  work: (tx: Executor) => Promise<T>,
  options: { status?: number } = {},
): Promise<T> {
  // A change is always someone's: with no principal (a route that should not write) nothing runs.
  const userId = request.user().user_id
  const status = options.status ?? 200
  const key = request.headers['idempotency-key']
  const db = request.server.db
  if (typeof key !== 'string' || key === '') {
    const body = await db.transaction(work)
    reply.code(status)
    return body
  }
  if (key.length > 200) throw badRequest('Idempotency-Key: не более 200 символов')
  const hash = requestHash(request)
  try {
    const body = await db.transaction(async (tx) => {
      const claimed = await tx
        .insert(idempotencyKeys)
        .values({ user_id: userId, key, request_hash: hash, status_code: 0 })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key })
      if (claimed.length === 0) {
        const [stored] = await tx
          .select()
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.user_id, userId), eq(idempotencyKeys.key, key)))
        if (!stored || stored.request_hash !== hash) throw new HttpError(422, { detail: T.idempotencyReuse })
        throw new StoredAnswer(stored.status_code, stored.response)
      }
      const result = await work(tx)
      await tx
        .update(idempotencyKeys)
        .set({ status_code: status, response: (result ?? null) as unknown })
        .where(and(eq(idempotencyKeys.user_id, userId), eq(idempotencyKeys.key, key)))
      return result
    })
    reply.code(status)
    return body
  } catch (error) {
    if (!(error instanceof StoredAnswer)) throw error
    reply.code(error.status).header('Idempotent-Replayed', 'true')
    return error.body as T
  }
}
