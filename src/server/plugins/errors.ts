import type { Duplex } from 'node:stream'
import type { FastifyError, FastifyInstance } from 'fastify'
import { T } from '../../shared/texts'
import { HttpError } from '../lib/http-errors'
import { ValidationFailure } from './validation'

type PgLike = { code?: string; constraint?: string; message?: string; cause?: unknown }

/** Drizzle wraps driver errors: the PostgreSQL fields sit on the error or on its cause. */
function pgErrorOf(error: unknown): PgLike | undefined {
  for (let e = error as PgLike | undefined, depth = 0; e && depth < 3; e = e.cause as PgLike | undefined, depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e
  }
  return undefined
}

/** Bad input that slipped past the schemas and was caught by the database is still the client's error. */
export function databaseRefusal(error: unknown): { status: number; detail: string } | undefined {
  const pg = pgErrorOf(error)
  return pg && fromDatabase(pg)
}

/** The unique index or constraint a write collided with, when it did. */
export function violatedUnique(error: unknown): string | undefined {
  const pg = pgErrorOf(error)
  return pg?.code === '23505' ? pg.constraint : undefined
}

function fromDatabase(error: PgLike): { status: number; detail: string } | undefined {
  switch (error.code) {
    case '23505':
      return { status: 400, detail: T.duplicate }
    case '23503':
      // PostgreSQL words a delete of a referenced row "update or delete on table ...", a bad reference "insert or update ...".
      return { status: 400, detail: /^update or delete/.test(error.message ?? '') ? T.inUse : T.relatedMissing }
    case '22P02':
    case '22021': // a NUL byte or other character PostgreSQL text cannot hold
    case '22P05':
    case '22003':
    case '22007':
    case '22008':
    case '22009': // a time zone offset out of range: an instant PostgreSQL cannot hold
    case '22001':
    case '23502':
    case '23514':
      return { status: 400, detail: T.invalidValue }
    default:
      return undefined
  }
}

const FASTIFY_CODES: Record<string, { status: number; detail: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, detail: T.badJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, detail: T.badJson },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, detail: T.tooLarge },
  FST_REQ_FILE_TOO_LARGE: { status: 413, detail: T.tooLarge },
  FST_FILES_LIMIT: { status: 413, detail: T.tooLarge },
  FST_PARTS_LIMIT: { status: 413, detail: T.tooLarge },
  FST_FIELDS_LIMIT: { status: 413, detail: T.tooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, detail: T.unsupportedMedia },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, detail: T.badRequest },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, detail: T.unsupportedMedia },
}

const CLIENT_ERRORS: Record<string, [status: number, reason: string, detail: string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', T.headersTooLarge],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', T.requestTimeout],
}

/** Node's refusal of a request it cannot parse, written on the socket in the shape of the API's other refusals. */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const [status, reason, detail] = CLIENT_ERRORS[error.code ?? ''] ?? [400, 'Bad Request', T.badRequest]
  const body = JSON.stringify({ detail })
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Content-Type-Options: nosniff\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    )
  }
  socket.destroy(error)
}

/** The API's answer to a refusal a handler or a schema decided on; a path that does not parse names no resource. */
export function answerOf(error: HttpError | ValidationFailure): { status: number; body: unknown } {
  if (error instanceof HttpError) return { status: error.statusCode, body: error.body }
  return error.part === 'params' ? { status: 404, body: { detail: T.notFound } } : { status: 400, body: error.fields }
}

/** One error shape for the whole API; 5xx bodies never carry internals. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A download may fail after its route named the file: the refusal is JSON, not the file.
    reply.removeHeader('content-disposition').type('application/json; charset=utf-8')
    if (error instanceof HttpError || error instanceof ValidationFailure) {
      const answer = answerOf(error)
      // A refusal that says when to come back says it in the header too, where HTTP clients and proxies look.
      const retryAfter = error instanceof HttpError ? (error.body as Record<string, unknown>).retry_after : undefined
      if (typeof retryAfter === 'number') reply.header('Retry-After', String(retryAfter))
      return reply.code(answer.status).send(answer.body)
    }
    const known = error.code ? FASTIFY_CODES[error.code] : undefined
    if (known) return reply.code(known.status).send({ detail: known.detail })
    const pg = pgErrorOf(error)
    const fromDb = pg && fromDatabase(pg)
    if (fromDb) {
      request.log.info({ code: pg.code, constraint: pg.constraint }, 'database refused bad input')
      return reply.code(fromDb.status).send({ detail: fromDb.detail })
    }
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ detail: status === 429 ? T.tooManyLogins : T.badRequest })
    }
    request.log.error({ err: error }, 'request failed')
    return reply.code(500).send({ detail: T.internal })
  })
}
