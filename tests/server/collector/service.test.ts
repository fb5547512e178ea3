import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type RunningEmulator } from '../../../src/server/collector/emulator/emulator'
import { startCollectingService } from '../../../src/server/collector/service'
import type { Database } from '../../../src/server/db/client'
import { secretBox } from '../../../src/server/lib/secret-box'
import { openTestDatabase } from '../../helpers/test-database'
import { collectionReferences, dueTask, installedMeter, mercury230 } from '../collection-fixtures'

/*
 * Stopping the collecting service while meters of one converter wait for their turn: the poll holding the converter
 * finishes and is recorded, the ones waiting are not started (their due time passes, as any missed one does), so the
 * stop does not take as long as the whole queue.
 */

// More than the ten listeners Node warns about on one signal: every waiting poll listens for the stop.
const SPECS = Array.from({ length: 12 }, (_, i) => mercury230(i + 1))
let database: Database
let emulator: RunningEmulator
const taskIds: number[] = []

beforeAll(async () => {
  database = await openTestDatabase()
  const { refs, groups } = await collectionReferences(database.db)
  // About half a second a poll: twelve of them in a row would take six.
  emulator = await startEmulator({ port: 0, latencyMs: [60, 60], meters: SPECS })
  for (const spec of SPECS) {
    const { counterId } = await installedMeter(database.db, refs, { model: 'Меркурий 230 ART', port: emulator.port, netAddress: spec.address })
    taskIds.push(await dueTask(database.db, counterId, [groups.registers], new Date(Date.now() - 1000)))
  }
})

afterAll(async () => {
  await emulator.close()
  await database.close()
})

describe('the collecting service stopping', () => {
  it('finishes the poll holding the converter and starts none of those waiting for it', async () => {
    const logged: string[] = []
    const warnings: string[] = []
    const onWarning = (warning: Error) => warnings.push(warning.name)
    process.on('warning', onWarning)
    const service = startCollectingService(database.db, {
      serverId: 1,
      concurrency: 12,
      deadlineMs: 20_000,
      tickMs: 20,
      box: secretBox('test-secret-test-secret-test-secret-0123'),
      log: (message) => logged.push(message),
    })
    // The twelve are claimed at once; one polls, eleven wait.
    await expect
      .poll(async () => (await database.db.execute(sql`select count(*)::int as n from counter_tasks where last_due_at is not null`)).rows[0], {
        timeout: 5_000,
      })
      .toEqual({ n: 12 })
    const stopping = Date.now()
    await service.stop()
    expect(Date.now() - stopping).toBeLessThan(2_500)
    const runs = await database.db.execute(sql`select count(*)::int as n from task_logs`)
    expect((runs.rows[0] as { n: number }).n).toBeLessThanOrEqual(2)
    expect(logged).toEqual([])
    process.off('warning', onWarning)
    expect(warnings).toEqual([])
  })
})
