import type * as v from 'valibot'

/** The first message per field of a failed check, keyed like the server's 400 (`conn_params.host`). */
export function fieldMessages(issues: readonly v.BaseIssue<unknown>[]): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const issue of issues) {
    const key = issue.path?.map((p) => String(p.key)).join('.') ?? ''
    if (key && !(key in errors)) errors[key] = issue.message
  }
  return errors
}
