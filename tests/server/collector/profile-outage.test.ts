import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { startEmulator, type RunningEmulator } from '../../../src/server/collector/emulator/emulator'
import { halfHourEnergy, isMissingInterval } from '../../../src/server/collector/load-model'
import { runRound } from '../../../src/server/collector/round'
import { counterModels, counterTasks, counters, pointCounters } from '../../../src/server/db/schema'
import { CHANNEL, INTERVAL_STATUS } from '../../../src/shared/metering'
import { T } from '../../../src/shared/texts'
import { startTestApp, type TestApp } from '../../helpers/test-app'
import { collectionReferences, dueTask, installedMeter, mercury230 } from '../collection-fixtures'

// Polls through the emulator over TCP, with the meters' clock and the collector's "now" moved by hand.

const HALF_HOUR = 1_800_000
/** As a schedule at :00 and :30 polls: the registers are read seconds after a half-hour's boundary. */
const FIRST_POLL = new Date('2026-11-20T09:00:05.000Z')
const NEXT_POLL = new Date(FIRST_POLL.getTime() + 6 * 3_600_000)
/** The second meter has no power from 11:00 to 13:00, inside the collector's outage. */
const POWER_CUT = { from: new Date('2026-11-20T11:00:00.000Z'), hours: 2 }

let t: TestApp
let emulator: RunningEmulator
let now = FIRST_POLL
let refs: Awaited<ReturnType<typeof collectionReferences>>
const oneDirection = mercury230(1, { meterConstant: 1000, oneDirection: true })
const cutOff = mercury230(2, { outage: POWER_CUT })
/** The same cut as the manual has it (p.96): the record address moves on, and the cut's slots keep the last lap's records. */
const cutOffKept = mercury230(3, { outage: { ...POWER_CUT, slots: 'kept' } })
let meters: { counterId: number }[]

beforeAll(async () => {
  t = await startTestApp()
  refs = await collectionReferences(t.database.db)
  emulator = await startEmulator({ port: 0, latencyMs: [0, 2], clock: () => now, meters: [oneDirection, cutOff, cutOffKept] })
  // A model without parameters of its own (one added on the reference screens): its profile task reads every channel, A− too.
  const [art] = await t.database.db.select().from(counterModels).where(eq(counterModels.model_id, refs.refs.modelIds['Меркурий 230 ART']!))
  const [bare] = await t.database.db
    .insert(counterModels)
    .values({ name: 'Меркурий 230 AR', resource_type_id: art!.resource_type_id, counter_model_api_id: art!.counter_model_api_id })
    .returning()
  refs.refs.modelIds['Меркурий 230 AR'] = bare!.model_id
  meters = [
    await installedMeter(t.database.db, refs.refs, { model: 'Меркурий 230 AR', port: emulator.port, netAddress: 1 }),
    await installedMeter(t.database.db, refs.refs, { model: 'Меркурий 230 ART', port: emulator.port, netAddress: 2 }),
    await installedMeter(t.database.db, refs.refs, { model: 'Меркурий 230 ART', port: emulator.port, netAddress: 3 }),
  ]
})

afterAll(async () => {
  await emulator.close()
  await t.close()
})

/**
 * One task per meter, created at the first poll: each later round runs it again. The meters without power read their
 * registers too, which bound the cut for its estimate.
 */
async function poll(at: Date): Promise<void> {
  now = at
  if (at === FIRST_POLL) {
    for (const [index, meter] of meters.entries()) {
      const groups = index === 0 ? [refs.groups.profile] : [refs.groups.profile, refs.groups.registers]
      await dueTask(t.database.db, meter.counterId, groups, new Date(at.getTime() - 1000))
    }
  }
  expect(await runRound(t.database.db, 1, at, { concurrency: 1, deadlineMs: 20_000, box: t.app.box, clock: () => now })).toMatchObject({
    tasks: 3,
    succeeded: 3,
  })
}

async function intervals(counterId: number, channel: number, from: Date, to: Date) {
  const result = await t.database.db.execute(sql`
    select interval_start, value, status from interval_values
    where counter_id = ${counterId} and channel = ${channel} and interval_start >= ${from.toISOString()}::timestamptz
      and interval_start < ${to.toISOString()}::timestamptz order by interval_start`)
  return (result.rows as { interval_start: Date; value: number | null; status: number }[]).map((row) => ({
    start: new Date(row.interval_start).toISOString(),
    value: row.value === null ? null : Number(row.value),
    status: row.status,
  }))
}

const halfHoursBetween = (from: Date, to: Date) =>
  Array.from({ length: (to.getTime() - from.getTime()) / HALF_HOUR }, (_, index) => new Date(from.getTime() + index * HALF_HOUR))

describe('the power profile after outages', () => {
  it('fills a 6-hour collector outage on the next poll, each record at its own time', async () => {
    await poll(FIRST_POLL)
    await poll(NEXT_POLL)
    const gap = halfHoursBetween(new Date('2026-11-20T09:00:00.000Z'), new Date('2026-11-20T15:00:00.000Z'))
    const stored = await intervals(meters[0]!.counterId, CHANNEL.A_PLUS, gap[0]!, new Date('2026-11-20T15:00:00.000Z'))
    expect(stored.map((row) => row.start)).toEqual(gap.map((start) => start.toISOString()))
    for (const [index, start] of gap.entries()) {
      if (isMissingInterval(oneDirection.seed, start)) continue
      // A = 1000 read from the meter: one count is 1 / 2000 kWh
      expect(stored[index]).toMatchObject({ status: INTERVAL_STATUS.VALID })
      expect(Math.abs(stored[index]!.value! - halfHourEnergy(oneDirection.seed, 'office', start).aPlus)).toBeLessThanOrEqual(0.00025 + 1e-9)
    }
  })

  it('keeps the A+ and R+ of a one-direction meter, not its A− it does not measure, and the constant it reports on its card', async () => {
    const stored = await intervals(meters[0]!.counterId, CHANNEL.R_PLUS, new Date('2026-11-20T09:00:00.000Z'), new Date('2026-11-20T15:00:00.000Z'))
    expect(stored.filter((row) => row.status === INTERVAL_STATUS.VALID).length).toBeGreaterThan(8)
    // FF FF in every A− cell: stored MISSING, the channel showed as a meter with gaps every day.
    expect(await intervals(meters[0]!.counterId, CHANNEL.A_MINUS, new Date('2026-11-19T00:00:00.000Z'), new Date('2026-11-21T00:00:00.000Z'))).toEqual([])
    const [card] = await t.database.db.select().from(counters).where(eq(counters.counter_id, meters[0]!.counterId))
    expect(card).toMatchObject({ meter_constant: 1000, meter_constant_mismatch: false })
  })

  // Before the cut the records sit 4 slots nearer the last one than their times where the cut left no slots, and
  // 4 slots of records 85 days old lie among them where it kept them: read by slot, either would be shifted or stored.
  it.each([
    ['leaves no slots', 1, cutOff],
    ['keeps its slots with the last lap in them', 2, cutOffKept],
  ])('places the records around a power outage that %s by their own times and marks the interval after it incomplete', async (_, index, spec) => {
    const stored = await intervals(meters[index]!.counterId, CHANNEL.A_PLUS, new Date('2026-11-20T09:00:00.000Z'), new Date('2026-11-20T15:00:00.000Z'))
    const cut = (start: Date) => start >= POWER_CUT.from && start.getTime() < POWER_CUT.from.getTime() + POWER_CUT.hours * 3_600_000
    for (const row of stored) {
      const start = new Date(row.start)
      // The meter wrote nothing for them; validation after the poll estimates them (docs/vee.md), marked as such.
      if (cut(start)) expect(row.status, row.start).toBe(INTERVAL_STATUS.ESTIMATED)
      else if (row.start === '2026-11-20T13:00:00.000Z') expect(row.status).toBe(INTERVAL_STATUS.INCOMPLETE)
      else if (!isMissingInterval(spec.seed, start)) {
        expect(row.status, row.start).toBe(INTERVAL_STATUS.VALID)
        expect(Math.abs(row.value! - halfHourEnergy(spec.seed, 'office', start).aPlus)).toBeLessThanOrEqual(0.00005 + 1e-9)
      }
    }
    const estimated = stored.filter((row) => cut(new Date(row.start)))
    expect(estimated).toHaveLength(4)
    // The registers stood still through the cut: read at 09:00 and 15:00 (5 s past), they leave it no more than
    // the stored half-hours between them take, and the estimate is what they leave, not a line to the incomplete 13:00.
    const readings = await t.database.db.execute(sql`
      select value from register_readings where counter_id = ${meters[index]!.counterId} and channel = ${CHANNEL.A_PLUS} and tariff = 0
      order by read_at`)
    const [opening, closing] = (readings.rows as { value: number }[]).map((row) => Number(row.value))
    const known = stored.filter((row) => !cut(new Date(row.start))).reduce((sum, row) => sum + row.value!, 0)
    expect(Math.abs(closing! - opening! - known)).toBeLessThan(0.02)
    expect(estimated.reduce((sum, row) => sum + row.value!, 0)).toBeCloseTo(Math.max(0, closing! - opening! - known), 6)
  })

  it('offers meter_constant and password_mode among the Mercury 230 connection parameters', async () => {
    const params = (await t.call(t.adminToken, { method: 'GET', url: `/api/counters/${meters[0]!.counterId}/model_conn_params/` })).json()
    expect(JSON.stringify(params)).toContain('"meter_constant"')
    expect(JSON.stringify(params)).toContain('"password_mode"')
  })

  it('warns when the configured constant disagrees with the meter and flags the meter card', async () => {
    await t.database.db
      .update(pointCounters)
      .set({ conn_params: sql`${pointCounters.conn_params} || '{"meter_constant": "5000"}'::jsonb` })
      .where(eq(pointCounters.counter_id, meters[0]!.counterId))
    await poll(new Date(NEXT_POLL.getTime() + 3_600_000))
    const taskId = (await t.database.db.select().from(counterTasks).where(eq(counterTasks.counter_id, meters[0]!.counterId)))[0]!.counter_task_id
    const log = (await t.call(t.adminToken, { method: 'GET', url: `/api/tasks_logs/?task_id=${taskId}` })).json().results[0]
    expect(log.entries.map((e: { text: string }) => e.text)).toContain(T.meterConstantMismatch(5000, 1000))
    const [card] = await t.database.db.select().from(counters).where(eq(counters.counter_id, meters[0]!.counterId))
    expect(card).toMatchObject({ meter_constant: 1000, meter_constant_mismatch: true })
  })
})
