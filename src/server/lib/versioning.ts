import type { FastifyReply, FastifyRequest } from 'fastify'
import { preconditionFailed } from './http-errors'

/** Rows the offline outbox edits carry `version`; it travels as a strong ETag. */
export function setEtag(reply: FastifyReply, version: number): void {
  reply.header('ETag', `"${version}"`)
}

/** A write with a stale `If-Match` gets 412 with the current row; without the header the write goes through. */
export function checkIfMatch(request: FastifyRequest, current: { version: number } & Record<string, unknown>): void {
  const header = request.headers['if-match']
  if (typeof header !== 'string' || header.trim() === '*') return
  const wanted = header.split(',').map((tag) => tag.trim().replace(/^W\//, '').replace(/"/g, ''))
  if (!wanted.includes(String(current.version))) throw preconditionFailed(current)
}
