import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { lorawanUplink } from '../../shared/schemas/collection'
import { T } from '../../shared/texts'
import { LORAWAN_SOURCE, channelOfCode } from '../collector/task-context'
import { HttpError, fieldError, forbidden, notFound } from '../lib/http-errors'
import { loginThrottle } from '../lib/login-throttle'
import type { Req } from '../lib/route-types'
import { accountTimeZone } from '../repositories/accounts'
import { meterAtLorawanAddress } from '../repositories/counters'
import { storeRegisterReadings, type RegisterRow } from '../repositories/readings'
import { writtenInstant } from '../reports/time'

/** How far ahead of the server's clock a network server's may run. */
const CLOCK_SLACK_MS = 5 * 60_000

/** Wrong secrets one address may send in 15 minutes: a network server misconfigured once gets past a few retries. */
const LORAWAN_MAX_FAILURES = 10

/** Compared as digests of one length, so that neither the time nor an early length check tells how much was right. */
function secretMatches(expected: string | undefined, given: unknown): boolean {
  if (!expected || typeof given !== 'string') return false
  const digest = (text: string) => createHash('sha256').update(text).digest()
  return timingSafeEqual(digest(expected), digest(given))
}

/**
 * Decoded uplinks of lorawandb meters, pushed by the LoRaWAN network server's integration (docs/collection.md).
 * The caller proves itself with the shared secret in X-Lorawan-Secret; the net address finds the installed meter.
 */
export async function lorawanRoutes(app: FastifyInstance) {
  // Per address as the sign-in's count (request.ip, TRUST_PROXY), so that the secret cannot be guessed without end.
  const wrongSecrets = loginThrottle({ maxFailures: LORAWAN_MAX_FAILURES, windowMs: 15 * 60_000 })
  app.post(
    '/api/lorawan/uplink/',
    {
      config: { access: 'public' },
      schema: { body: lorawanUplink },
      // Before the body's check: an outsider's body of any form is refused for its secret, telling nothing of the fields.
      preValidation: async (request: FastifyRequest) => {
        // A right secret is refused too while the pause runs, so that a guesser cannot tell it was right.
        const blocked = wrongSecrets.blockedFor(request.ip)
        if (blocked > 0) throw new HttpError(429, { detail: T.tooManyLorawanSecrets, retry_after: Math.ceil(blocked / 1000) })
        if (!secretMatches(app.config.lorawanSecret, request.headers['x-lorawan-secret'])) {
          wrongSecrets.fail(request.ip)
          throw forbidden(T.lorawanSecret)
        }
      },
    },
    async (request: Req<{ body: typeof lorawanUplink }>, reply) => {
      const body = request.body
      const counterId = await meterAtLorawanAddress(app.db, LORAWAN_SOURCE, body.net_address)
      if (counterId === undefined) throw notFound(T.lorawanUnknownAddress)
      // Network servers write UTC with its Z; a time without an offset is read on the account's wall clock, as the
      // meters' polls and the console's dates are.
      const now = new Date()
      const readAt = body.received_at ? writtenInstant(body.received_at, await accountTimeZone(app.db, null))! : now
      // A time ahead would stand as the meter's newest reading and hide every real one after it.
      if (readAt.getTime() > now.getTime() + CLOCK_SLACK_MS) throw fieldError('received_at', T.lorawanTimeAhead)
      // A number is the total register; an array is [total, T1, T2, T3, T4].
      const rows: RegisterRow[] = Object.entries(body.readings).flatMap(([code, value]) =>
        (Array.isArray(value) ? value.slice(0, 5) : [value]).map((v, tariff) => ({
          counter_id: counterId,
          channel: channelOfCode(code)!,
          tariff,
          read_at: readAt,
          value: v,
        })),
      )
      await storeRegisterReadings(app.db, rows)
      reply.code(202)
      return { counter_id: counterId, stored: rows.length }
    },
  )
}
