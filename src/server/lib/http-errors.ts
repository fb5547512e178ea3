import type { ErrorBody } from '../../shared/schemas/common'
import { T } from '../../shared/texts'

/** An answer other than 2xx that a handler decides on; the error handler sends `body` as it is. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: ErrorBody | Record<string, unknown>,
  ) {
    super(typeof body.detail === 'string' ? body.detail : `HTTP ${statusCode}`)
  }
}

export const badRequest = (body: ErrorBody | string) => new HttpError(400, typeof body === 'string' ? { detail: body } : body)
export const fieldError = (field: string, message: string) => new HttpError(400, { [field]: [message] })
export const notFound = (detail: string = T.notFound) => new HttpError(404, { detail })
/** The row a lookup found, or 404. */
export function orNotFound<TRow>(row: TRow | null | undefined, detail?: string): TRow {
  if (row === null || row === undefined) throw notFound(detail)
  return row
}
export const forbidden = (detail: string = T.forbidden) => new HttpError(403, { detail })
export const unauthorized = (detail: string = T.notAuthenticated) => new HttpError(401, { detail })
/** 412 with the current row, so that the client can show both versions. */
export const preconditionFailed = (current: Record<string, unknown>) => new HttpError(412, current)
