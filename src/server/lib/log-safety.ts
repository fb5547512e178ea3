import type { FastifyServerOptions } from 'fastify'

/** drizzle words a failed statement `Failed query: <text>\nparams: <values>`: the values may be passwords or hashes. */
const PARAMS_LINE = /\nparams: [\s\S]*?(?=\n {4}at |$)/

type ErrorLike = Error & { params?: unknown; code?: unknown; constraint?: unknown; query?: unknown }

/** A text without the parameters of a failed statement; `params` (the error's own) removes exactly what it added. */
function withoutParams(text: string, params?: unknown): string {
  return params === undefined ? text.replace(PARAMS_LINE, '') : text.replace(`\nparams: ${String(params)}`, '')
}

/**
 * An error as the log shows it: type, message, stack, the database's code and constraint, the statement's text, and
 * its causes the same way. Nothing else (drizzle's `params`, PostgreSQL's `detail` quoting a row) reaches the log.
 */
export function safeError(error: Error, depth = 0): { [key: string]: unknown; type: string; message: string; stack: string } {
  const e = error as ErrorLike
  return {
    type: e.constructor.name,
    message: withoutParams(e.message, e.params),
    stack: withoutParams(e.stack ?? '', e.params),
    code: e.code,
    constraint: e.constraint,
    query: e.query,
    cause: e.cause instanceof Error && depth < 3 ? safeError(e.cause, depth + 1) : undefined,
  }
}

/** What a process prints of an error that stops it. */
export function safeMessage(error: unknown): string {
  return error instanceof Error ? withoutParams(error.message, (error as ErrorLike).params) : String(error)
}

/** Logger options that serialize errors with `safeError` and keep parameters out of messages logged as text. */
export function safeLoggerOptions(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false
  return {
    ...(logger === true ? {} : logger),
    serializers: { ...(logger === true ? {} : logger.serializers), err: (error: Error) => (error instanceof Error ? safeError(error) : error) },
    hooks: {
      logMethod(args, method) {
        // `log.error(error)` makes the error's message the log line's message.
        const [first, ...rest] = args as unknown[]
        if (first instanceof Error && rest.length === 0) return method.call(this, { err: first }, withoutParams(first.message, (first as ErrorLike).params))
        return method.apply(this, args.map((arg) => (typeof arg === 'string' ? withoutParams(arg) : arg)) as Parameters<typeof method>)
      },
    },
  }
}
