import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { lorawanUplink } from '../../shared/schemas/collection'
import { T } from '../../shared/texts'
import { LORAWAN_SOURCE, channelOfCode } from '../collector/task-context'
import { fieldError, forbidden, notFound } from '../lib/http-errors'
import type { Req } from '../lib/route-types'
import { accountTimeZone } from '../repositories/accounts'
import { meterAtLorawanAddress } from '../repositories/counters'
import { storeRegisterReadings, type RegisterRow } from '../repositories/readings'
import { writtenInstant } from '../reports/time'

/** How far ahead of the server's clock a network server's may run. */
const CLOCK_SLACK_MS = 5 * 60_000

function secretMatches(expected: string | undefined, given: unknown): boolean {
  if (!expected || typeof given !== 'string') return false
  const a = Buffer.from(expected)
  const b = Buffer.from(given)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * Decoded uplinks of lorawandb meters, pushed by the LoRaWAN network server's integration (docs/collection.md).
 * The caller proves itself with the shared secret in X-Lorawan-Secret; the net address finds the installed meter.
 */
export async function lorawanRoutes(app: FastifyInstance) {
  app.post(
    '/api/lorawan/uplink/',
    { config: { access: 'public' }, schema: { body: lorawanUplink } },
    async (request: Req<{ body: typeof lorawanUplink }>, reply) => {
      if (!secretMatches(app.config.lorawanSecret, request.headers['x-lorawan-secret'])) throw forbidden(T.lorawanSecret)
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
