import type { FastifyInstance, FastifyRequest, InjectOptions } from 'fastify'
import { idParams } from '../../shared/schemas/common'
import { outboxBatch, type OutboxEntryInput, type OutboxResult } from '../../shared/schemas/outbox'
import { pointInput, type Point } from '../../shared/schemas/points'
import { T } from '../../shared/texts'
import { editPoints, type PointEdit } from '../commands/edit-points'
import { HttpError } from '../lib/http-errors'
import { StoredAnswer, claimKeys, releaseKeys, requestHash, storeAnswers, type KeyedRequest } from '../lib/mutation'
import type { Req } from '../lib/route-types'
import { refusalOf } from '../plugins/auth'
import { answerOf } from '../plugins/errors'
import { ValidationFailure, check } from '../plugins/validation'

/** The answer headers replay reads; the rest stay with the single route. */
const ANSWER_HEADERS = ['etag', 'idempotent-replayed', 'retry-after']
const POINT_UPDATE = /^\/api\/points\/(\d+)\/$/
type KeyedEdit = PointEdit & KeyedRequest

/**
 * The outbox's batch (docs/offline.md «Batch replay»): many queued edits in one request, the way Replicache and
 * PowerSync push. Entries run in order; once an entry of an entity fails, its later entries are not applied (they
 * answer 424), so an entity's edits never land out of order. Consecutive point updates of distinct points (what a
 * replay wave sends) are applied together in one transaction by the command the single route runs; every other entry
 * is handed to its own route in this process with the caller's token. Either way rights, validation, If-Match, the
 * per-user Idempotency-Key and the audit are the single route's, and a retried batch replays their stored answers.
 */
export async function outboxRoutes(app: FastifyInstance) {
  type BatchReq = Req<{ body: typeof outboxBatch }>
  app.post('/api/outbox/', { config: { access: 'user' }, schema: { body: outboxBatch } }, async (request: BatchReq) => {
    const failedEntities = new Set<string>()
    const results: OutboxResult[] = []
    let run: OutboxEntryInput[] = []
    const settle = (entry: OutboxEntryInput, result: OutboxResult) => {
      const entity = entityOf(entry)
      if (entity && (result.status < 200 || result.status >= 300)) failedEntities.add(entity)
      results.push(result)
    }
    const applyRun = async () => {
      const answers = await applyPointUpdates(app, request, run)
      run.forEach((entry, i) => settle(entry, answers[i]!))
      run = []
    }
    for (const entry of request.body.entries) {
      const joinsRun = isPointUpdate(entry) && !run.some((e) => e.path === entry.path || sameKey(e, entry))
      if (!joinsRun && run.length > 0) await applyRun()
      const entity = entityOf(entry)
      if (entity && failedEntities.has(entity)) results.push({ status: 424, body: { detail: T.outboxEarlierFailed }, headers: {} })
      else if (isPointUpdate(entry)) run.push(entry)
      else settle(entry, await inject(app, request, entry))
    }
    if (run.length > 0) await applyRun()
    return { results }
  })
}

/** An update names its row by its path; every create is an entity of its own. */
function entityOf(entry: OutboxEntryInput): string | null {
  return entry.method === 'POST' ? null : entry.path
}

const isPointUpdate = (entry: OutboxEntryInput) => entry.method === 'PUT' && POINT_UPDATE.test(entry.path)
const sameKey = (a: OutboxEntryInput, b: OutboxEntryInput) => a.headers['Idempotency-Key'] === b.headers['Idempotency-Key']

const failure = (error: HttpError | ValidationFailure): OutboxResult => ({ ...answerOf(error), headers: {} })
const written = (status: number, body: unknown, replayed: boolean): OutboxResult => {
  const version = (body as { version?: unknown } | null)?.version
  const headers: Record<string, string> = typeof version === 'number' ? { etag: `"${version}"` } : {}
  return { status, body, headers: replayed ? { ...headers, 'idempotent-replayed': 'true' } : headers }
}

/**
 * Point updates of distinct points in one transaction, as PUT /api/points/:id/ would answer each. When one takes a
 * point number another holds (or frees one another takes), the database refuses the statement, and the run is
 * applied one entry after another so that each gets its own answer.
 */
async function applyPointUpdates(app: FastifyInstance, request: FastifyRequest, entries: OutboxEntryInput[]): Promise<OutboxResult[]> {
  const route = app.apiRoutes.find((r) => r.method === 'PUT' && r.url === '/api/points/:id/')!
  const user = request.user()
  const refusal = refusalOf(user, route)
  if (refusal) return entries.map(() => failure(refusal))
  const edits = entries.map((entry): KeyedEdit | ValidationFailure => {
    const params = check(idParams, { id: POINT_UPDATE.exec(entry.path)![1] }, 'params')
    if ('error' in params) return params.error
    const body = check(pointInput, entry.body, 'body')
    if ('error' in body) return body.error
    const key = entry.headers['Idempotency-Key']
    return { pointId: params.value.id, input: body.value, ifMatch: entry.headers['If-Match'], key, hash: requestHash('PUT', entry.path, body.value) }
  })
  const valid = edits.filter((e): e is KeyedEdit => !(e instanceof ValidationFailure))
  try {
    const answers = await app.db.transaction(async (tx) => {
      const held: Map<string, StoredAnswer | HttpError | Point> = valid.length > 0 ? await claimKeys(tx, user.user_id, valid) : new Map()
      const fresh = valid.filter((e) => !held.has(e.key))
      const outcomes = await editPoints(tx, user.user_id, fresh)
      fresh.forEach((e, i) => held.set(e.key, outcomes[i]!))
      const applied = fresh.filter((_, i) => !(outcomes[i] instanceof HttpError))
      await storeAnswers(
        tx,
        user.user_id,
        applied.map((e) => ({ key: e.key, status: 200, body: held.get(e.key) })),
      )
      await releaseKeys(
        tx,
        user.user_id,
        fresh.filter((_, i) => outcomes[i] instanceof HttpError).map((e) => e.key),
      )
      return held
    })
    return edits.map((edit) => {
      if (edit instanceof ValidationFailure) return failure(edit)
      const answer = answers.get(edit.key)!
      if (answer instanceof StoredAnswer) return written(answer.status, answer.body, true)
      return answer instanceof HttpError ? failure(answer) : written(200, answer, false)
    })
  } catch (error) {
    if (!(error instanceof HttpError)) throw error
    const results: OutboxResult[] = []
    for (const entry of entries) results.push(await inject(app, request, entry))
    return results
  }
}

/** One entry through its own route, as if the console had sent it alone. */
async function inject(app: FastifyInstance, request: FastifyRequest, entry: OutboxEntryInput): Promise<OutboxResult> {
  const headers: InjectOptions['headers'] = {
    'content-type': 'application/json',
    'idempotency-key': entry.headers['Idempotency-Key'],
    ...(request.headers.authorization ? { authorization: request.headers.authorization } : {}),
    ...(entry.headers['If-Match'] !== undefined ? { 'if-match': entry.headers['If-Match'] } : {}),
  }
  const payload = JSON.stringify(entry.body)
  const answer = await app.inject({ method: entry.method, url: entry.path, headers, payload, remoteAddress: request.ip })
  const kept = ANSWER_HEADERS.flatMap((name) => {
    const value = answer.headers[name]
    return value === undefined ? [] : [[name, String(value)]]
  })
  const body = answer.body === '' ? null : (JSON.parse(answer.body) as unknown)
  return { status: answer.statusCode, body, headers: Object.fromEntries(kept) }
}
