import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { DEMO_EMULATOR_PORT } from '../../../src/server/collector/demo-fleet'
import { startEmbeddedCollection } from '../../../src/server/collector/embedded'
import { startCollectingService } from '../../../src/server/collector/service'
import { startTestApp, type TestApp } from '../../helpers/test-app'
import { collectionReferences, installedMeter } from '../collection-fixtures'

let t: TestApp
let refs: Awaited<ReturnType<typeof collectionReferences>>['refs']
let meter: Awaited<ReturnType<typeof installedMeter>>
let blocker: net.Server
let port: number

/** A loopback port that is free now, and the one after it too. */
async function freePortPair(): Promise<number> {
  for (;;) {
    const candidate = 20_000 + Math.floor(Math.random() * 30_000)
    const servers: net.Server[] = []
    try {
      for (const p of [candidate, candidate + 1]) {
        const server = net.createServer()
        await new Promise<void>((resolve, reject) => server.once('error', reject).listen(p, '127.0.0.1', resolve))
        servers.push(server)
      }
      return candidate
    } catch {
      // taken: try another
    } finally {
      await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))))
    }
  }
}

const portOfMeter = async (counterId = meter.counterId) =>
  ((await t.database.db.execute(sql`select conn_params->>'port' as port from point_counters where counter_id = ${counterId}`)).rows[0] as { port: string }).port

beforeAll(async () => {
  t = await startTestApp()
  ;({ refs } = await collectionReferences(t.database.db))
  port = await freePortPair()
  meter = await installedMeter(t.database.db, refs, { model: 'Меркурий 230 ART', port, netAddress: 1 })
  // Another product on this machine holds the demo emulator's port.
  blocker = net.createServer()
  await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve))
})

afterAll(async () => {
  await new Promise((resolve) => blocker.close(resolve))
  await t.close()
})

/** What `npm start` runs beside the API, with the emulator's port at `port` and no collecting service. */
const startDemoEmulator = (log: (message: string) => void = () => {}) =>
  startEmbeddedCollection(t.database.db, { ...t.app.config, collector: false, emulator: true, emulatorPort: port }, t.app.box, log)

describe('the demo meter emulator of npm start', () => {
  it('starts on the next free port when its own is taken, and the demo meters follow it', async () => {
    const logged: string[] = []
    const collection = await startDemoEmulator((message: string) => logged.push(message))
    try {
      expect(await portOfMeter()).toBe(String(port + 1))
      expect(logged.join('\n')).toContain(`${port + 1}`)
      const asked = await t.call(t.adminToken, { method: 'GET', url: `/api/counter/${meter.counterId}/get_current_data/?refresh=1` })
      expect(asked.json().task.status).toBe('PENDING')
      const service = startCollectingService(t.database.db, { serverId: 1, concurrency: 1, deadlineMs: 10_000, tickMs: 50, box: t.app.box })
      try {
        await expect
          .poll(async () => (await t.call(t.adminToken, { method: 'GET', url: `/api/counter/${meter.counterId}/get_current_data/` })).json().task.status, {
            timeout: 15_000,
          })
          .toBe('DONE')
      } finally {
        await service.stop()
      }
    } finally {
      await collection.stop()
    }
  })

  it('moves the demo meters back to its own port once that is free again', async () => {
    await new Promise((resolve) => blocker.close(resolve))
    const collection = await startDemoEmulator()
    try {
      expect(await portOfMeter()).toBe(String(port))
    } finally {
      await collection.stop()
      blocker = net.createServer()
      await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
    }
  })

  it('finds the demo meters seeded on its default port when EMULATOR_PORT names another', async () => {
    const seeded = await installedMeter(t.database.db, refs, { model: 'Меркурий 230 ART', port: DEMO_EMULATOR_PORT, netAddress: 2 })
    const collection = await startDemoEmulator()
    try {
      expect(await portOfMeter(seeded.counterId)).toBe(String(port))
    } finally {
      await collection.stop()
    }
  })
})
