import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_EMULATOR_PORT, demoFleet, demoMeters } from '../../../../src/server/collector/demo-fleet'
import { registerReading } from '../../../../src/server/collector/load-model'
import { seedCollection } from '../../../../src/server/db/seed/collection'
import { seedHistoryOf } from '../../../../src/server/db/seed/history'
import { seedRegistry } from '../../../../src/server/db/seed/registry'
import { seedRepresents } from '../../../../src/server/db/seed/represents'
import { CHANNEL } from '../../../../src/shared/metering'
import { startTestApp, type TestApp } from '../../../helpers/test-app'

/* The demo as `npm start` seeds it: its objects are balances an engineer would believe, its meters continue. */
let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
  await seedRegistry(t.database.db, t.base)
  await seedHistoryOf(t.database.db, 20)
  await seedRepresents(t.database.db, t.base)
  await seedCollection(t.database.db, t.base)
}, 120_000)
afterAll(() => t?.close())

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)

describe('the demo objects', () => {
  it('receive a few percent more than they send, every fully measured day', async () => {
    const list = await t.call(t.adminToken, { method: 'GET', url: '/api/represents/?page_size=all' })
    const objects = list.json().results as { represent_id: number; name: string }[]
    expect(objects.length).toBeGreaterThanOrEqual(6)
    for (const object of objects) {
      const url = `/api/represents/${object.represent_id}/points_profile_data/?interval=1440&beginDate=${day(-15)}&endDate=${day(-2)}`
      const data = (await t.call(t.adminToken, { method: 'GET', url })).json()
      expect(data.summary, object.name).toMatchObject({ no_incoming: false, no_outgoing: false })
      const complete = data.items.filter((item: { missing: string[] }) => item.missing.length === 0)
      expect(complete.length, object.name).toBeGreaterThan(7)
      for (const item of complete) {
        expect(item.values.imbalance_percent, `${object.name} ${item.time}`).toBeGreaterThan(0.5)
        expect(item.values.imbalance_percent, `${object.name} ${item.time}`).toBeLessThan(5)
      }
    }
  })

  it('have emulated meters whose registers continue the seeded history', async () => {
    const meters = await demoMeters(t.database.db, DEMO_EMULATOR_PORT)
    const fleet = demoFleet(meters)
    expect(fleet.length).toBeGreaterThan(10)
    for (const [i, spec] of fleet.entries()) {
      const last = await t.database.db.execute<{ value: number; read_at: string }>(sql`
        select value, read_at from register_readings where counter_id = ${meters[i]!.counter_id} and channel = ${CHANNEL.A_PLUS} and tariff = 0
        order by read_at desc limit 1`)
      const seeded = last.rows[0]!
      const live = registerReading(spec.seed, spec.consumerType, new Date(seeded.read_at), 0).aPlus
      expect(live, meters[i]!.point_name).toBeCloseTo(Number(seeded.value), 6)
    }
  })
})
