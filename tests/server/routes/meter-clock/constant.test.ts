import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { counters } from '../../../../src/server/db/schema'
import { startTestApp, type TestApp } from '../../../helpers/test-app'

// What the console shows of a meter's constant A: read from the meter by a poll, overridden in the connection
// parameters, and whether the two disagree (docs/collector-protocols.md «The meter's constant»).
let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.close())

async function meter(read: number | null, connParams: Record<string, string> = {}) {
  const point = await t.make.point()
  const counterId = await t.make.meter()
  await t.make.install(point, counterId, {
    at: new Date('2026-01-01T00:00:00Z'),
    connParams: { host: '10.0.0.1', port: '4001', net_address: '1', ...connParams },
  })
  await t.database.db.update(counters).set({ meter_constant: read }).where(eq(counters.counter_id, counterId))
  return counterId
}
const constantOf = async (counterId: number) => t.call(t.adminToken, { method: 'GET', url: `/api/counters/${counterId}/constant/` })

describe('GET /api/counters/:id/constant/', () => {
  it('shows the constant the meter reported, used as it is', async () => {
    expect((await constantOf(await meter(1000))).json()).toEqual({ read: 1000, configured: null, used: 1000, mismatch: false })
  })

  it('shows an override as such, and its disagreement with the meter', async () => {
    expect((await constantOf(await meter(1000, { meter_constant: '5000' }))).json()).toEqual({ read: 1000, configured: 5000, used: 5000, mismatch: true })
    expect((await constantOf(await meter(5000, { meter_constant: '5000' }))).json()).toEqual({ read: 5000, configured: 5000, used: 5000, mismatch: false })
  })

  // A guessed 5000 on a meter of 500 stored a tenth of the energy as valid: with none known, no profile is read (meter probe).
  it('uses none before the meter reports one or one is configured, and answers 404 for an unknown meter', async () => {
    expect((await constantOf(await meter(null))).json()).toEqual({ read: null, configured: null, used: null, mismatch: false })
    expect((await constantOf(999_999)).statusCode).toBe(404)
    const viewer = await t.userWith([])
    expect((await t.call(viewer.token, { method: 'GET', url: `/api/counters/${await meter(1000)}/constant/` })).statusCode).toBe(403)
  })
})
