import { createHash } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { and, eq, inArray, lt, sql } from 'drizzle-orm'
import { T } from '../../shared/texts'
import type { Executor } from '../db/client'
import { idempotencyKeys } from '../db/schema'
import { HttpError, badRequest } from './http-errors'

/** A request under an Idempotency-Key: the key and the hash of what was asked. */
export type KeyedRequest = { key: string; hash: string }

/** What an earlier request under the same key was answered. */
export class StoredAnswer {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

/** The method, the URL and the body; a multipart body by every part read (files/storage.ts `receiveMultipart`). */
export function requestHash(method: string, url: string, body: unknown, multipartDigest?: string): string {
  const multipart = multipartDigest === undefined ? '' : `\n${multipartDigest}`
  return createHash('sha256')
    .update(`${method} ${url}\n${JSON.stringify(body ?? null)}${multipart}`)
    .digest('hex')
}

/**
 * Claims each request's key for the user. A key that is not free answers instead: its stored answer, or 422 when it
 * was used for another request. The keys of one call must differ.
 */
export async function claimKeys(tx: Executor, userId: number, requests: KeyedRequest[]): Promise<Map<string, StoredAnswer | HttpError>> {
  const claimed = await tx
    .insert(idempotencyKeys)
    .values(requests.map((r) => ({ user_id: userId, key: r.key, request_hash: r.hash, status_code: 0 })))
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key })
  const free = new Set(claimed.map((row) => row.key))
  const held = requests.filter((r) => !free.has(r.key))
  const answers = new Map<string, StoredAnswer | HttpError>()
  if (held.length === 0) return answers
  const stored = await tx
    .select()
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.user_id, userId),
        inArray(
          idempotencyKeys.key,
          held.map((r) => r.key),
        ),
      ),
    )
  const byKey = new Map(stored.map((row) => [row.key, row]))
  for (const r of held) {
    const row = byKey.get(r.key)
    answers.set(
      r.key,
      row && row.request_hash === r.hash ? new StoredAnswer(row.status_code, row.response) : new HttpError(422, { detail: T.idempotencyReuse }),
    )
  }
  return answers
}

/** Keeps the answers of claimed keys, in the transaction that claimed them. */
export async function storeAnswers(tx: Executor, userId: number, answers: { key: string; status: number; body: unknown }[]): Promise<void> {
  if (answers.length === 0) return
  const rows = JSON.stringify(answers.map((a) => ({ key: a.key, status: a.status, response: a.body ?? null })))
  await tx.execute(sql`
    update ${idempotencyKeys} k set status_code = a.status, response = a.response
    from jsonb_to_recordset(${rows}::jsonb) as a(key text, status int, response jsonb)
    where k.user_id = ${userId} and k.key = a.key`)
}

/** Frees claimed keys whose request was refused: an error is not an answer to replay. */
export async function releaseKeys(tx: Executor, userId: number, keys: string[]): Promise<void> {
  if (keys.length === 0) return
  await tx.delete(idempotencyKeys).where(and(eq(idempotencyKeys.user_id, userId), inArray(idempotencyKeys.key, keys)))
}

/**
 * How long a key's answer is kept. A tablet sends its waiting edits when it next reaches the server and repeats one
 * whose answer it lost; repeated later, an applied edit meets its row's newer version (412) and a new point its taken
 * number (400): the user is shown it, nothing is applied twice.
 */
export const KEY_LIFETIME_DAYS = 30

const KEY_EXPIRY_PERIOD_MS = 60 * 60_000

/** Forgets the keys older than KEY_LIFETIME_DAYS (found by their `created_at` index). */
export async function expireKeys(db: Executor): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.created_at, sql`now() - make_interval(days => ${KEY_LIFETIME_DAYS})`))
}

/** Expires keys now and every hour until stopped; a failed round is reported and the next one tries again. */
export function startKeyExpiry(db: Executor, log: (error: unknown) => void): () => void {
  const round = () => void expireKeys(db).catch(log)
  round()
  const timer = setInterval(round, KEY_EXPIRY_PERIOD_MS)
  timer.unref()
  return () => clearInterval(timer)
}

/**
 * Whether the request's Idempotency-Key was used before by its user: then `mutate` answers it (the stored answer, or
 * 422), and checks made before the body is read must not refuse it on account of its own first request.
 */
export async function keyUsed(request: FastifyRequest): Promise<boolean> {
  const key = request.headers['idempotency-key']
  if (typeof key !== 'string' || key === '') return false
  const [row] = await request.server.db
    .select({ key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.user_id, request.user().user_id), eq(idempotencyKeys.key, key)))
  return row !== undefined
}

export type MutateOptions<T> = { status?: number; sameEveryTime?: boolean; answerAnew?: (db: Executor) => Promise<T> }

/**
 * Runs a change in one transaction. With an `Idempotency-Key` the key, the request's hash and the answer are
 * written in that same transaction: a replay gets the stored answer without applying anything twice, and the
 * same key with another request gets 422.
 *
 * `sameEveryTime`: the change sets a state (viewed, archived), so running it again is its replay, and no answer is
 * kept under the key: a fresh key per call cannot grow the database with copies of the answer.
 *
 * `answerAnew`: the answer holds a list each change makes longer (a file's thread of comments), so the key keeps
 * only that it was used, and a replay is answered with the record as it is now.
 */
export async function mutate<T>(request: FastifyRequest, reply: FastifyReply, work: (tx: Executor) => Promise<T>, options: MutateOptions<T> = {}): Promise<T> {
  // A change is always someone's: with no principal (a route that should not write) nothing runs.
  const userId = request.user().user_id
  const status = options.status ?? 200
  const key = request.headers['idempotency-key']
  const db = request.server.db
  if (typeof key === 'string' && key.length > 200) throw badRequest(T.idempotencyKeyTooLong)
  if (typeof key !== 'string' || key === '' || options.sameEveryTime) {
    const body = await db.transaction(work)
    reply.code(status)
    return body
  }
  const hash = requestHash(request.method, request.url, request.body, request.multipartDigest)
  try {
    const body = await db.transaction(async (tx) => {
      // Thrown, a held key leaves the transaction, which gives the claim up.
      const held = (await claimKeys(tx, userId, [{ key, hash }])).get(key)
      if (held) throw held
      const result = await work(tx)
      await storeAnswers(tx, userId, [{ key, status, body: options.answerAnew ? null : result }])
      return result
    })
    reply.code(status)
    return body
  } catch (error) {
    if (!(error instanceof StoredAnswer)) throw error
    reply.code(error.status).header('Idempotent-Replayed', 'true')
    return options.answerAnew ? options.answerAnew(db) : (error.body as T)
  }
}
