import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startEmulator, type RunningEmulator } from '../../../src/server/collector/emulator/emulator'
import { runRound } from '../../../src/server/collector/round'
import { T } from '../../../src/shared/texts'
import { startTestApp, type TestApp } from '../../helpers/test-app'
import { collectionReferences, dueTask, installedMeter, mercury230 } from '../collection-fixtures'

/*
 * A Mercury 230 polled at the universal address 0 (manual table 1.2), with clock correction on: the meter answers
 * reads there and ignores writes, so the correction is not tried and the poll reads the meter. It used to send 03 0D,
 * time out and end the poll before any group was read, at every poll.
 */

const NOW = new Date('2026-11-20T09:10:00.000Z')

let t: TestApp
let emulator: RunningEmulator

beforeAll(async () => {
  t = await startTestApp()
})

afterAll(async () => {
  await emulator.close()
  await t.close()
})

it('reads a meter at the universal address 0 with clock correction on, and says the clock cannot be corrected there', async () => {
  const { refs, groups } = await collectionReferences(t.database.db)
  emulator = await startEmulator({ port: 0, meters: [mercury230(17, { clock: { offsetS: 100 } })], latencyMs: [0, 2], clock: () => NOW })
  const { counterId } = await installedMeter(t.database.db, refs, { model: 'Меркурий 230 ART', port: emulator.port, netAddress: 0 })
  const taskId = await dueTask(t.database.db, counterId, [groups.registers], new Date(NOW.getTime() - 1000))
  await t.database.db.execute(sql`update counter_tasks set clock_correction = true where counter_task_id = ${taskId}`)
  const round = await runRound(t.database.db, 1, NOW, { concurrency: 1, deadlineMs: 20_000, box: t.app.box, clock: () => NOW })
  const entries = await t.database.db.execute(sql`
    select e.text from task_log_entries e join task_logs l on l.task_log_id = e.task_log_id where l.counter_task_id = ${taskId} order by e.task_log_entry_id`)
  const log = (entries.rows as { text: string }[]).map((row) => row.text)
  expect(log).toContain(T.poll.correctionSkipped(T.poll.universalAddressWrites))
  expect(log.at(-1)).toMatch(/^Прочитаны показания/)
  expect(round).toMatchObject({ tasks: 1, succeeded: 1 })
  const stored = await t.database.db.execute(sql`select count(*) as n from register_readings where counter_id = ${counterId}`)
  expect(Number((stored.rows[0] as { n: string }).n)).toBeGreaterThan(0)
})
