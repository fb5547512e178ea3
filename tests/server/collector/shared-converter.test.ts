import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type RunningEmulator } from '../../../src/server/collector/emulator/emulator'
import { registerReading } from '../../../src/server/collector/load-model'
import { runRound } from '../../../src/server/collector/round'
import type { Database } from '../../../src/server/db/client'
import { secretBox } from '../../../src/server/lib/secret-box'
import { CHANNEL } from '../../../src/shared/metering'
import { T } from '../../../src/shared/texts'
import { openTestDatabase } from '../../helpers/test-database'
import { collectionReferences, dueTask, installedMeter, mercury230 } from '../collection-fixtures'
import { expectRegister, NOW } from './emulator-harness'

/*
 * Three Mercury 230s on the bus of one converter (one emulator port, whose connections share one serial line and
 * each get every answer, as a real converter's do), polled in one round that could take all three at once: each
 * meter's registers must be its own, so the polls have to take turns on the converter.
 */

const SPECS = [1, 2, 3].map((address) => mercury230(address))
let database: Database
let emulator: RunningEmulator
const meters: { counterId: number }[] = []

beforeAll(async () => {
  database = await openTestDatabase()
  const { refs, groups } = await collectionReferences(database.db)
  // Latency long enough that polls running at once would overlap on the line.
  emulator = await startEmulator({ port: 0, latencyMs: [5, 20], clock: () => NOW, meters: SPECS })
  for (const spec of SPECS) {
    const { counterId } = await installedMeter(database.db, refs, { model: 'Меркурий 230 ART', port: emulator.port, netAddress: spec.address })
    await dueTask(database.db, counterId, [groups.registers], new Date(NOW.getTime() - 1000))
    meters.push({ counterId })
  }
})

afterAll(async () => {
  await emulator.close()
  await database.close()
})

describe('meters behind one converter', () => {
  it('are polled in turn within a round: every poll succeeds and stores its own meter’s registers', async () => {
    const options = { concurrency: 3, deadlineMs: 20_000, box: secretBox('test-secret-test-secret-test-secret-0123'), clock: () => NOW }
    expect(await runRound(database.db, 1, NOW, options)).toEqual({ tasks: 3, succeeded: 3, failed: 0 })
    for (const [index, spec] of SPECS.entries()) {
      const rows = await database.db.execute(sql`
        select tariff, value from register_readings where counter_id = ${meters[index]!.counterId} and channel = ${CHANNEL.A_PLUS} order by tariff`)
      const stored = rows.rows as { tariff: number; value: number }[]
      expect(stored.map((row) => row.tariff)).toEqual([0, 1, 2, 3, 4])
      for (const row of stored) expectRegister(Number(row.value), registerReading(spec.seed, spec.consumerType, NOW, row.tariff as 0).aPlus, 0.001)
    }
    // The first poll had the converter at once; the others say in their logs that they waited for it.
    const waited = await database.db.execute(sql`
      select count(distinct l.counter_task_id)::int as n from task_log_entries e join task_logs l on l.task_log_id = e.task_log_id
      where e.text = ${T.poll.converterWaited(`127.0.0.1:${emulator.port}`)}`)
    expect(waited.rows[0]).toEqual({ n: 2 })
  })
})
