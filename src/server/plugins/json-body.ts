import type { FastifyInstance } from 'fastify'
import { T } from '../../shared/texts'
import { HttpError, badRequest } from '../lib/http-errors'

/** Deeper than any form or outbox batch nests (an outbox entry's body is four levels in). */
const JSON_DEPTH_MAX = 32

/** Whether the parsed value has arrays or objects nested deeper than `max`; walked without recursion. */
function nestedDeeper(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]]
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [item, depth] = next
    if (item === null || typeof item !== 'object') continue
    if (depth >= max) return true
    for (const child of Object.values(item)) stack.push([child, depth + 1])
  }
  return false
}

/**
 * JSON bodies in UTF-8 as Fastify parses them (a `__proto__` or `constructor` key refused), and refused past JSON_DEPTH_MAX:
 * JSON.parse takes thousands of levels, but JSON.stringify of such a value (a request's hash for its Idempotency-Key,
 * an outbox entry handed on to its route) overflows the stack.
 */
export function registerJsonBody(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser<string>('application/json', { parseAs: 'string' }, (request, body, done) => {
    // The body is read as UTF-8: another charset's letters would be stored garbled, not refused.
    const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(request.headers['content-type'] ?? '')?.[1]?.toLowerCase()
    if (charset && charset !== 'utf-8' && charset !== 'utf8') return done(new HttpError(415, { detail: T.jsonNotUtf8 }), undefined)
    parse(request, body, (error: Error | null, value?: unknown) => {
      if (error) done(error, undefined)
      else if (nestedDeeper(value, JSON_DEPTH_MAX)) done(badRequest(T.jsonTooDeep), undefined)
      else done(null, value)
    })
  })
}
