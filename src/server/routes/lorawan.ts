import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { sql } from 'drizzle-orm'
import { lorawanUplink } from '../../shared/schemas/collection'
import { T } from '../../shared/texts'
import { LORAWAN_SOURCE, channelOfCode } from '../collector/task-context'
import { forbidden, notFound } from '../lib/http-errors'
import type { Req } from '../lib/route-types'
import { storeRegisterReadings, type RegisterRow } from '../repositories/readings'

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
  app.post('/api/lorawan/uplink/', { config: { access: 'public' }, schema: { body: lorawanUplink } }, async (request: Req<{ body: typeof lorawanUplink }>, reply) => {
    if (!secretMatches(app.config.lorawanSecret, request.headers['x-lorawan-secret'])) throw forbidden(T.lorawanSecret)
    const body = request.body
    const found = await app.db.execute(sql`
      select pc.counter_id from point_counters pc
      join data_sources ds on ds.source_id = pc.source_id
      where pc.removed_at is null and ds.name = ${LORAWAN_SOURCE} and pc.conn_params->>'net_address' = ${body.net_address}
      limit 1`)
    const counterId = (found.rows[0] as { counter_id: number } | undefined)?.counter_id
    if (counterId === undefined) throw notFound(T.lorawanUnknownAddress)
    const readAt = body.received_at ? new Date(body.received_at) : new Date()
    // A number is the total register; an array is [total, T1, T2, T3, T4].
    const rows: RegisterRow[] = Object.entries(body.readings).flatMap(([code, value]) =>
      (Array.isArray(value) ? value.slice(0, 5) : [value]).map((v, tariff) => ({ counter_id: counterId, channel: channelOfCode(code)!, tariff, read_at: readAt, value: v })),
    )
    await storeRegisterReadings(app.db, rows)
    reply.code(202)
    return { counter_id: counterId, stored: rows.length }
  })
}
