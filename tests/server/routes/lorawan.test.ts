import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accounts } from '../../../src/server/db/schema'
import { T } from '../../../src/shared/texts'
import { startTestApp, type TestApp } from '../../helpers/test-app'
import { collectionReferences, installedMeter } from '../collection-fixtures'

// Uplinks a LoRaWAN network server pushes for a lorawandb meter: stored as registers at the time they were received.

const SECRET = 'lorawan-shared-secret'
let t: TestApp
let counterId: number

beforeAll(async () => {
  t = await startTestApp({ config: { lorawanSecret: SECRET } })
  const { refs } = await collectionReferences(t.database.db)
  await t.database.db.update(accounts).set({ time_zone: 'Asia/Yekaterinburg' })
  ;({ counterId } = await installedMeter(t.database.db, refs, { model: 'Меркурий 230 ART', port: 1, netAddress: 77, source: 'lorawandb' }))
})
afterAll(() => t.close())

const uplink = (payload: object, secret = SECRET) =>
  t.app.inject({ method: 'POST', url: '/api/lorawan/uplink/', headers: { 'x-lorawan-secret': secret }, payload: { net_address: '77', ...payload } })

async function readAt(value: number): Promise<string> {
  const found = await t.database.db.execute(sql`select read_at from register_readings where counter_id = ${counterId} and value = ${value}`)
  return new Date((found.rows[0] as { read_at: string }).read_at).toISOString()
}

describe('LoRaWAN uplinks', () => {
  it('are refused with a wrong secret, and for an address no meter has', async () => {
    expect((await uplink({ readings: { 'A+': 1 } }, 'wrong')).json().detail).toBe(T.lorawanSecret)
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/lorawan/uplink/',
      headers: { 'x-lorawan-secret': SECRET },
      payload: { net_address: '78', readings: { 'A+': 1 } },
    })
    expect(unknown.json().detail).toBe(T.lorawanUnknownAddress)
  })

  it('pause an address after ten wrong secrets, of any length, and refuse the right one from there while the pause runs', async () => {
    const from = (secret: string, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/lorawan/uplink/',
        headers: { 'x-lorawan-secret': secret },
        payload: { net_address: '78', readings: { 'A+': 1 } },
        remoteAddress,
      })
    const codes: number[] = []
    for (let i = 0; i < 12; i++) codes.push((await from(`guess-${'x'.repeat(i)}`, '203.0.113.50')).statusCode)
    expect(codes).toEqual([...Array(10).fill(403), 429, 429])
    // The secret is checked before the body: a body of any form tells a guesser nothing of the uplink's fields.
    const shapeless = await t.app.inject({ method: 'POST', url: '/api/lorawan/uplink/', payload: { readings: { x: 'y' } }, remoteAddress: '203.0.113.52' })
    expect(shapeless.statusCode).toBe(403)
    expect(shapeless.json()).toEqual({ detail: T.lorawanSecret })
    const paused = await from(SECRET, '203.0.113.50')
    expect(paused.statusCode).toBe(429)
    expect(paused.json()).toEqual({ detail: T.tooManyLorawanSecrets, retry_after: 15 * 60 })
    expect(paused.headers['retry-after']).toBe('900')
    expect((await from(SECRET, '203.0.113.51')).json().detail).toBe(T.lorawanUnknownAddress)
  })

  it('store the total and the tariffs at the time with its offset as written', async () => {
    const res = await uplink({ received_at: '2026-11-20T10:00:00Z', readings: { 'A+': [100, 60, 40] } })
    expect(res.statusCode).toBe(202)
    expect(res.json()).toEqual({ counter_id: counterId, stored: 3 })
    expect(await readAt(100)).toBe('2026-11-20T10:00:00.000Z')
  })

  it("read a time written without an offset on the account's wall clock, not the server's", async () => {
    expect((await uplink({ received_at: '2026-11-20T10:00:00', readings: { 'A+': 200 } })).statusCode).toBe(202)
    expect(await readAt(200)).toBe('2026-11-20T05:00:00.000Z')
  })

  it('refuse a reading that is not a register value, and a time ahead of the server', async () => {
    for (const value of [-5, [10, -1]]) {
      const res = await uplink({ readings: { 'A+': value } })
      expect(res.statusCode).toBe(400)
      expect(Object.keys(res.json())).toEqual(['readings.A+'])
    }
    // 1e400 reads as Infinity in JSON.
    const infinite = await t.app.inject({
      method: 'POST',
      url: '/api/lorawan/uplink/',
      headers: { 'x-lorawan-secret': SECRET, 'content-type': 'application/json' },
      payload: '{"net_address":"77","readings":{"A+":1e400}}',
    })
    expect(infinite.statusCode).toBe(400)
    // A time far ahead would stand as the meter's newest reading and hide every real one after it.
    const ahead = await uplink({ received_at: '2099-12-31T23:59:59Z', readings: { 'A+': 300 } })
    expect(ahead.statusCode).toBe(400)
    expect(ahead.json().received_at).toEqual([T.lorawanTimeAhead])
    const stored = await t.database.db.execute(
      sql`select count(*)::int as n from register_readings where counter_id = ${counterId} and (value < 0 or value > 1e12 or value = 300)`,
    )
    expect(stored.rows).toEqual([{ n: 0 }])
  })
})
