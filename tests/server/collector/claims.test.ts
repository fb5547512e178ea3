import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { startEmulator, type RunningEmulator } from '../../../src/server/collector/emulator/emulator'
import { runRound } from '../../../src/server/collector/round'
import { openTestDatabase } from '../../helpers/test-database'
import { collectionReferences, dueTask, installedMeter, logsOf, mercury230 } from '../collection-fixtures'
import type { Database } from '../../../src/server/db/client'
import { secretBox } from '../../../src/server/lib/secret-box'

/*
 * Two collecting services on one database (PGlite, or PostgreSQL when TEST_DATABASE_URL is set): each task is
 * polled once per due time, and a service takes only its own server's tasks.
 */

const METERS = 12
let database: Database
let emulator: RunningEmulator
const tasks: { id: number; serverId: number; counterId: number }[] = []

beforeAll(async () => {
  database = await openTestDatabase()
  const { refs, groups } = await collectionReferences(database.db)
  emulator = await startEmulator({ port: 0, latencyMs: [1, 5], meters: Array.from({ length: METERS }, (_, i) => mercury230(i + 1)) })
  const firstDue = new Date(Date.UTC(2026, 0, 1, 0, 0))
  for (let i = 0; i < METERS; i++) {
    const meter = await installedMeter(database.db, refs, { model: 'Меркурий 230 ART', port: emulator.port, netAddress: i + 1 })
    const serverId = i < 9 ? 1 : 2
    tasks.push({ id: await dueTask(database.db, meter.counterId, [groups.registers], firstDue, serverId), serverId, counterId: meter.counterId })
  }
})

afterAll(async () => {
  await emulator.close()
  await database.close()
})

describe('two collecting services on one database', () => {
  it('poll every task once per due time and only their own server’s tasks', async () => {
    const options = { concurrency: 3, deadlineMs: 10_000, box: secretBox('test-secret-test-secret-test-secret-0123') }
    // Three due times a minute apart; at each, two instances of server 1 race while server 2 runs too.
    const dueTimes = [1, 2, 3].map((minute) => new Date(Date.UTC(2026, 0, 1, 0, minute)))
    for (const now of dueTimes) {
      const rounds = await Promise.all([runRound(database.db, 1, now, options), runRound(database.db, 1, now, options), runRound(database.db, 2, now, options)])
      expect(rounds[0].tasks + rounds[1].tasks).toBe(9)
      expect(rounds[2].tasks).toBe(3)
    }
    for (const task of tasks) {
      const logs = await logsOf(database.db, task.id)
      // The first run answers for the seeded due time (00:00), each later one for the minute its predecessor set.
      expect(logs.map((l) => new Date(l.due_at).getUTCMinutes())).toEqual([0, 2, 3])
      expect(logs.every((l) => l.success && l.data_collecting_server_id === task.serverId)).toBe(true)
    }
  })

  // Found by a report-only attacker probe: «Отключить опрос счётчика» set is_active false, and the collector, which
  // selected tasks by their state only, went on polling the meter every minute.
  it('leave a meter whose polling is switched off alone until it is switched on', async () => {
    const options = { concurrency: 3, deadlineMs: 10_000, box: secretBox('test-secret-test-secret-test-secret-0123') }
    const [off] = tasks
    await database.db.execute(sql`update counters set is_active = false where counter_id = ${off!.counterId}`)
    expect((await runRound(database.db, 1, new Date(Date.UTC(2026, 0, 1, 0, 4)), options)).tasks).toBe(8)
    await database.db.execute(sql`update counters set is_active = true where counter_id = ${off!.counterId}`)
    expect((await runRound(database.db, 1, new Date(Date.UTC(2026, 0, 1, 0, 5)), options)).tasks).toBe(9)
  })
})
