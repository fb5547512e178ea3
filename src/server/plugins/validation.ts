import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import { T } from '../../shared/texts'

/** A failed check of a body, query or path, carrying the API's 400 body `{field: ["сообщение"]}`. */
export class ValidationFailure extends Error {
  statusCode = 400
  constructor(
    readonly fields: Record<string, string[]>,
    readonly part: string,
  ) {
    super(T.badRequest)
  }
}

/** Turns valibot issues into `{field: [messages]}`; issues of the whole value go under `detail`-like key `non_field_errors`. */
export function issuesToFields(issues: readonly v.BaseIssue<unknown>[]): Record<string, string[]> {
  const fields: Record<string, string[]> = {}
  for (const issue of issues) {
    const key = issue.path?.map((p) => String(p.key)).join('.') || 'non_field_errors'
    const message = issue.path?.length ? issue.message : issue.expected === 'Object' || issue.type === 'object' ? T.badRequest : issue.message
    const list = (fields[key] ??= [])
    if (!list.includes(message)) list.push(message)
  }
  return fields
}

/** Parses a value with a shared schema or throws the API's 400. For checks inside handlers. */
export function parseOr400<TSchema extends v.GenericSchema>(schema: TSchema, value: unknown, part = 'body'): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, value)
  if (!result.success) throw new ValidationFailure(issuesToFields(result.issues), part)
  return result.output
}

/** Every route validates with the shared valibot schemas given in `schema.body`, `schema.querystring`, `schema.params`. */
export function registerValibotValidation(app: FastifyInstance) {
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const valibot = schema as unknown as v.GenericSchema
    return (data: unknown) => {
      const result = v.safeParse(valibot, data ?? (httpPart === 'body' ? undefined : {}))
      if (result.success) return { value: result.output }
      return { error: new ValidationFailure(issuesToFields(result.issues), httpPart ?? 'body') }
    }
  })
}
