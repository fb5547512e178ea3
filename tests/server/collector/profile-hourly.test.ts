import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { startEmulator, type RunningEmulator } from '../../../src/server/collector/emulator/emulator'
import { halfHourEnergy, isMissingInterval } from '../../../src/server/collector/load-model'
import { runRound } from '../../../src/server/collector/round'
import { CHANNEL } from '../../../src/shared/metering'
import { T } from '../../../src/shared/texts'
import { startTestApp, type TestApp } from '../../helpers/test-app'
import { collectionReferences, dueTask, installedMeter, mercury230 } from '../collection-fixtures'

// A meter set to integrate its profile over 60 minutes, polled through the emulator over TCP. The first poll reads the
// last 24 hours from a half-hour (09:40 → 09:30 the day before), which the meter's hours never start on.

const FIRST_POLL = new Date('2026-11-20T09:40:00.000Z')
const hourly = mercury230(7, { profileMinutes: 60 })

let t: TestApp
let emulator: RunningEmulator
let counterId: number
let taskId: number
let now = FIRST_POLL

beforeAll(async () => {
  t = await startTestApp()
  const refs = await collectionReferences(t.database.db)
  emulator = await startEmulator({ port: 0, latencyMs: [0, 2], clock: () => now, meters: [hourly] })
  counterId = (await installedMeter(t.database.db, refs.refs, { model: 'Меркурий 230 ART', port: emulator.port, netAddress: 7 })).counterId
  taskId = await dueTask(t.database.db, counterId, [refs.groups.profile], new Date(FIRST_POLL.getTime() - 1000))
})

afterAll(async () => {
  await emulator.close()
  await t.close()
})

async function poll(at: Date): Promise<void> {
  now = at
  expect(await runRound(t.database.db, 1, at, { concurrency: 1, deadlineMs: 20_000, box: t.app.box, clock: () => now })).toMatchObject({ succeeded: 1 })
}

async function storedAPlus() {
  const result = await t.database.db.execute(sql`
    select interval_start, minutes, value from interval_values where counter_id = ${counterId} and channel = ${CHANNEL.A_PLUS}
    order by interval_start`)
  return (result.rows as { interval_start: Date; minutes: number; value: number | null }[]).map((row) => ({
    start: new Date(row.interval_start),
    minutes: Number(row.minutes),
    value: row.value === null ? null : Number(row.value),
  }))
}

const hourOf = (start: Date) => [start, new Date(start.getTime() + 1_800_000)]

describe('a meter that integrates its profile over an hour', () => {
  it('stores its hours at their own starts with their energy, from a first poll on a half-hour', async () => {
    await poll(FIRST_POLL)
    const stored = await storedAPlus()
    expect(stored.map((row) => row.start.toISOString())).toEqual(
      Array.from({ length: 23 }, (_, index) => new Date(Date.parse('2026-11-19T10:00:00.000Z') + index * 3_600_000).toISOString()),
    )
    for (const row of stored) {
      expect(row.minutes).toBe(60)
      if (hourOf(row.start).some((start) => isMissingInterval(hourly.seed, start))) continue
      const model = hourOf(row.start).reduce((sum, start) => sum + halfHourEnergy(hourly.seed, hourly.consumerType, start).aPlus, 0)
      expect(row.value, row.start.toISOString()).toBeCloseTo(model, 3)
    }
  })

  it('continues the next poll from the last stored hour', async () => {
    await poll(new Date(FIRST_POLL.getTime() + 2 * 3_600_000))
    const stored = await storedAPlus()
    expect(stored.slice(-3).map((row) => row.start.toISOString())).toEqual(['08', '09', '10'].map((hour) => `2026-11-20T${hour}:00:00.000Z`))
  })

  it('says in the task log that the reports count half-hours and what to set in the meter', async () => {
    const log = (await t.call(t.adminToken, { method: 'GET', url: `/api/tasks_logs/?task_id=${taskId}` })).json().results[0]
    expect(log.entries.map((e: { text: string }) => e.text)).toContain(T.poll.profileNotHalfHourly(60))
  })
})
