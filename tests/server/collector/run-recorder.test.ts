import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { storePolls, type PollResult } from '../../../src/server/collector/poll-meter'
import { runRecorder, type ClaimedTask, type FinishedRun } from '../../../src/server/collector/task-runs'
import { CHANNEL } from '../../../src/shared/metering'
import { startTestApp, type TestApp } from '../../helpers/test-app'
import { collectionReferences, dueTask, installedMeter, logsOf } from '../collection-fixtures'

// A round records the polls that end together in one transaction (docs/collection.md «Recording runs»).
let t: TestApp
let refs: Awaited<ReturnType<typeof collectionReferences>>
beforeAll(async () => {
  t = await startTestApp()
  refs = await collectionReferences(t.database.db)
})
afterAll(() => t.close())

const at = new Date('2026-11-02T09:00:00Z')
const halfHour = (counterId: number, start: string, value: number) => ({
  counter_id: counterId,
  channel: CHANNEL.A_PLUS,
  interval_start: new Date(start),
  minutes: 30,
  value,
})
const poll = (intervals: ReturnType<typeof halfHour>[], ok = true): PollResult => ({
  ok,
  fatal: false,
  lines: [{ date: at, text: 'Опрос' }],
  registers: [],
  phases: [],
  intervals,
})

async function meterWithTask() {
  const meter = await installedMeter(t.database.db, refs.refs, { model: 'Меркурий 230 ART', port: 1, netAddress: 1 })
  const taskId = await dueTask(t.database.db, meter.counterId, [refs.groups.profile], at)
  const task: ClaimedTask = { counter_task_id: taskId, counter_id: meter.counterId, task_groups: [refs.groups.profile], due_at: at, clock_correction: false }
  return { counterId: meter.counterId, taskId, task }
}

const storedValues = async (counterId: number) =>
  (await t.database.db.execute(sql`select value from interval_values where counter_id = ${counterId} order by interval_start`)).rows.map((r) =>
    Number((r as { value: number }).value),
  )

describe('recording polls in groups', () => {
  it('stores two polls of one meter written together, the later one winning', async () => {
    const { counterId } = await meterWithTask()
    await storePolls(t.database.db, [
      poll([halfHour(counterId, '2026-11-02T08:00:00Z', 1), halfHour(counterId, '2026-11-02T08:30:00Z', 2)]),
      poll([halfHour(counterId, '2026-11-02T08:30:00Z', 3)]),
    ])
    expect(await storedValues(counterId)).toEqual([1, 3])
  })

  it('records the runs that end together, and a run that cannot be stored does not lose the others', async () => {
    const good = await meterWithTask()
    const other = await meterWithTask()
    const bad = await meterWithTask()
    await t.database.db.execute(sql`delete from counter_tasks where counter_task_id = ${bad.taskId}`)
    const record = runRecorder(t.database.db, 1)
    const run = (task: ClaimedTask, result: PollResult): FinishedRun => ({ task, startedAt: at, endedAt: at, result })
    const outcomes = await Promise.allSettled([
      record(run(good.task, poll([halfHour(good.counterId, '2026-11-02T08:00:00Z', 5)]))),
      record(run(other.task, poll([halfHour(other.counterId, '2026-11-02T08:00:00Z', 6)]))),
      // A task deleted while its meter was polled: its log breaks the group's transaction.
      record(run(bad.task, poll([halfHour(bad.counterId, '2026-11-02T08:00:00Z', 7)]))),
    ])
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected'])
    expect(await storedValues(good.counterId)).toEqual([5])
    expect(await storedValues(other.counterId)).toEqual([6])
    expect(await logsOf(t.database.db, good.taskId)).toHaveLength(1)
    expect(await logsOf(t.database.db, other.taskId)).toHaveLength(1)
    expect(await storedValues(bad.counterId)).toEqual([])
  })
})
