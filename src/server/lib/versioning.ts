import type { FastifyReply, FastifyRequest } from 'fastify'
import { preconditionFailed } from './http-errors'

/** Rows the offline outbox edits carry `version`; it travels as a strong ETag beside the row it answers. */
export function withEtag<TRow extends { version: number }>(reply: FastifyReply, row: TRow): TRow {
  reply.header('ETag', `"${row.version}"`)
  return row
}

/** Whether an `If-Match` header lets a write of a row at `version` through; without the header it does. */
export function ifMatchAllows(header: unknown, version: number): boolean {
  if (typeof header !== 'string' || header.trim() === '*') return true
  const wanted = header.split(',').map((tag) => tag.trim().replace(/^W\//, '').replace(/"/g, ''))
  return wanted.includes(String(version))
}

/** A write with a stale `If-Match` gets 412 with the current row; without the header the write goes through. */
export function checkIfMatch(request: FastifyRequest, current: { version: number } & Record<string, unknown>): void {
  if (!ifMatchAllows(request.headers['if-match'], current.version)) throw preconditionFailed(current)
}
