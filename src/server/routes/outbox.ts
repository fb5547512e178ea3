import type { FastifyInstance, FastifyRequest, InjectOptions } from 'fastify'
import { outboxBatch, type OutboxEntryInput, type OutboxResult } from '../../shared/schemas/outbox'
import { T } from '../../shared/texts'
import type { Req } from '../lib/route-types'

/** The answer headers replay reads; the rest stay with the single route. */
const ANSWER_HEADERS = ['etag', 'idempotent-replayed', 'retry-after']

/**
 * The outbox's batch (docs/offline.md «Batch replay»): many queued edits in one request, the way Replicache and
 * PowerSync push. Each entry is handed to its own route in this process with the caller's token, so that rights,
 * validation, If-Match, the per-user Idempotency-Key and the audit are the single routes' own, and a retried batch
 * replays their stored answers. Entries run in order; once an entry of an entity fails, its later entries are not
 * applied (they answer 424), so an entity's edits never land out of order.
 */
export async function outboxRoutes(app: FastifyInstance) {
  type BatchReq = Req<{ body: typeof outboxBatch }>
  app.post('/api/outbox/', { config: { access: 'user' }, schema: { body: outboxBatch } }, async (request: BatchReq) => {
    const failedEntities = new Set<string>()
    const results: OutboxResult[] = []
    for (const entry of request.body.entries) {
      const entity = entityOf(entry)
      if (entity && failedEntities.has(entity)) {
        results.push({ status: 424, body: { detail: T.outboxEarlierFailed }, headers: {} })
        continue
      }
      const result = await apply(app, request, entry)
      if (entity && (result.status < 200 || result.status >= 300)) failedEntities.add(entity)
      results.push(result)
    }
    return { results }
  })
}

/** An update names its row by its path; every create is an entity of its own. */
function entityOf(entry: OutboxEntryInput): string | null {
  return entry.method === 'POST' ? null : entry.path
}

async function apply(app: FastifyInstance, request: FastifyRequest, entry: OutboxEntryInput): Promise<OutboxResult> {
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
