import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import { issueField } from '../../shared/schemas/common'
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
function issuesToFields(issues: readonly v.BaseIssue<unknown>[]): Record<string, string[]> {
  const fields: Record<string, string[]> = {}
  for (const issue of issues) {
    const key = issueField(issue) || 'non_field_errors'
    const message = issue.path?.length ? issue.message : issue.expected === 'Object' || issue.type === 'object' ? T.badRequest : issue.message
    const list = (fields[key] ??= [])
    if (!list.includes(message)) list.push(message)
  }
  return fields
}

/** Checks a value with a shared schema: its output, or the API's 400 as an error. */
export function check<TSchema extends v.GenericSchema>(
  schema: TSchema,
  value: unknown,
  part: string,
): { value: v.InferOutput<TSchema> } | { error: ValidationFailure } {
  // valibot's object schemas take an array for an object without keys: a PATCH read `[]` as "change nothing".
  if (Array.isArray(value) && schema.type !== 'array') return { error: new ValidationFailure({ non_field_errors: [T.badRequest] }, part) }
  const result = v.safeParse(schema, value)
  return result.success ? { value: result.output } : { error: new ValidationFailure(issuesToFields(result.issues), part) }
}

/** Parses a value with a shared schema or throws the API's 400. For checks inside handlers. */
export function parseOr400<TSchema extends v.GenericSchema>(schema: TSchema, value: unknown, part = 'body'): v.InferOutput<TSchema> {
  const checked = check(schema, value, part)
  if ('error' in checked) throw checked.error
  return checked.value
}

/** Every route validates with the shared valibot schemas given in `schema.body`, `schema.querystring`, `schema.params`. */
export function registerValibotValidation(app: FastifyInstance) {
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const valibot = schema as unknown as v.GenericSchema
    return (data: unknown) => check(valibot, data ?? (httpPart === 'body' ? undefined : {}), httpPart ?? 'body')
  })
}
