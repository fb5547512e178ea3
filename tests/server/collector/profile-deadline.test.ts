import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { startEmulator, type RunningEmulator } from '../../../src/server/collector/emulator/emulator'
import { halfHourEnergy, isMissingInterval } from '../../../src/server/collector/load-model'
import { formatMoment } from '../../../src/server/collector/log-format'
import { runRound } from '../../../src/server/collector/round'
import { CHANNEL, DEFAULT_TIME_ZONE, INTERVAL_STATUS } from '../../../src/shared/metering'
import { T } from '../../../src/shared/texts'
import { startTestApp, type TestApp } from '../../helpers/test-app'
import { collectionReferences, dueTask, installedMeter, mercury230 } from '../collection-fixtures'

/*
 * A meter five days behind on a slow link, polled with a deadline too short to read it all: each poll keeps what it read,
 * oldest first, and the next one goes on from there. The twin (same seed) is read in one unbounded poll to compare with.
 * Also a meter whose date was set back a day for two half-hours: the records around them are read.
 */

const HALF_HOUR = 1_800_000
const DAY = 86_400_000
const FIRST_POLL = new Date('2026-11-15T09:10:00.000Z')
const BEHIND_POLL = new Date(FIRST_POLL.getTime() + 5 * DAY)
/** Some 240 records at ~4 ms a frame take about a second: this deadline cuts the walk a few times. */
const SHORT_DEADLINE_MS = 400
const LONG_DEADLINE_MS = 20_000
const SET_BACK = { from: new Date('2026-11-20T04:00:00.000Z'), hours: 1, days: -1 }
const SET_FORWARD = { ...SET_BACK, days: 1 }

const slow = mercury230(1, { profileDays: 10 })
const twin = mercury230(2, { seed: slow.seed, profileDays: 10 })
const setBack = mercury230(3, { dateShift: SET_BACK })
const setForward = mercury230(4, { dateShift: SET_FORWARD })
const monthBehind = mercury230(5, { profileDays: 40 })

let t: TestApp
let now = FIRST_POLL
let refs: Awaited<ReturnType<typeof collectionReferences>>
const emulators: RunningEmulator[] = []
const counterIds: Record<'slow' | 'twin' | 'setBack' | 'setForward' | 'monthBehind', number> = {
  slow: 0,
  twin: 0,
  setBack: 0,
  setForward: 0,
  monthBehind: 0,
}

beforeAll(async () => {
  t = await startTestApp()
  refs = await collectionReferences(t.database.db)
  const slowLink = await startEmulator({ port: 0, latencyMs: [4, 4], clock: () => now, meters: [slow] })
  const fastLink = await startEmulator({ port: 0, latencyMs: [0, 2], clock: () => now, meters: [twin, setBack, setForward, monthBehind] })
  emulators.push(slowLink, fastLink)
  const install = async (port: number, netAddress: number) =>
    (await installedMeter(t.database.db, refs.refs, { model: 'Меркурий 230 ART', port, netAddress })).counterId
  counterIds.slow = await install(slowLink.port, 1)
  counterIds.twin = await install(fastLink.port, 2)
  counterIds.setBack = await install(fastLink.port, 3)
  counterIds.setForward = await install(fastLink.port, 4)
  counterIds.monthBehind = await install(fastLink.port, 5)
})

afterAll(async () => {
  await Promise.all(emulators.map((emulator) => emulator.close()))
  await t.close()
})

/** One profile run of the meter at `at` within `deadlineMs`: whether it succeeded, and its log. */
async function poll(counterId: number, at: Date, deadlineMs: number) {
  now = at
  const taskId = await dueTask(t.database.db, counterId, [refs.groups.profile], new Date(at.getTime() - 1000))
  const round = await runRound(t.database.db, 1, at, { concurrency: 1, deadlineMs, box: t.app.box, clock: () => now })
  await t.database.db.execute(sql`update counter_tasks set state = 'stopped', next_run_at = null where counter_task_id = ${taskId}`)
  const entries = await t.database.db.execute(sql`
    select e.text from task_log_entries e join task_logs l on l.task_log_id = e.task_log_id where l.counter_task_id = ${taskId} order by e.task_log_entry_id`)
  return { ok: round.succeeded === 1, log: (entries.rows as { text: string }[]).map((row) => row.text) }
}

async function storedAPlus(counterId: number) {
  const result = await t.database.db.execute(sql`
    select interval_start, value, status from interval_values where counter_id = ${counterId} and channel = ${CHANNEL.A_PLUS}
    order by interval_start`)
  return (result.rows as { interval_start: Date; value: number | null; status: number }[]).map((row) => ({
    start: new Date(row.interval_start),
    value: row.value === null ? null : Number(row.value),
    status: row.status,
  }))
}

const halfHours = (from: Date, count: number) => Array.from({ length: count }, (_, index) => new Date(from.getTime() + index * HALF_HOUR))

/** Every row that is no gap of the load model is valid with the model's energy (one count is 0.1 Wh at A = 5000). */
function expectModelValues(rows: Awaited<ReturnType<typeof storedAPlus>>, seed: number): void {
  for (const row of rows) {
    if (isMissingInterval(seed, row.start)) continue
    expect(row.status, row.start.toISOString()).toBe(INTERVAL_STATUS.VALID)
    expect(Math.abs(row.value! - halfHourEnergy(seed, 'office', row.start).aPlus), row.start.toISOString()).toBeLessThanOrEqual(0.00005 + 1e-9)
  }
}

describe('a profile walk cut by the poll deadline', () => {
  it('keeps the oldest missed intervals a cut poll read, and nothing after them', async () => {
    expect((await poll(counterIds.slow, FIRST_POLL, LONG_DEADLINE_MS)).ok).toBe(true)
    const caughtUpTo = (await storedAPlus(counterIds.slow)).at(-1)!.start.getTime() + HALF_HOUR
    const { ok, log } = await poll(counterIds.slow, BEHIND_POLL, SHORT_DEADLINE_MS)
    expect(ok).toBe(false)
    const read = (await storedAPlus(counterIds.slow)).filter((row) => row.start.getTime() >= caughtUpTo)
    expect(read.length).toBeGreaterThan(0)
    expect(read.length).toBeLessThan((BEHIND_POLL.getTime() - caughtUpTo) / HALF_HOUR - 1)
    expect(read.map((row) => row.start)).toEqual(halfHours(new Date(caughtUpTo), read.length))
    expectModelValues(read, slow.seed)
    expect(log).toContain(T.poll.profileReadUntil(formatMoment(new Date(read.at(-1)!.start.getTime() + HALF_HOUR), DEFAULT_TIME_ZONE)))
    // The deadline says why the poll ended; what the closed connection made of the read in flight is no meter fault.
    expect(log.at(-1)).toBe(T.poll.deadline(Math.round(SHORT_DEADLINE_MS / 1000)))
    expect(log).not.toContain(T.poll.channelNotOpen)
  })

  it('catches up over the next polls to what one unbounded poll reads', async () => {
    expect((await poll(counterIds.twin, FIRST_POLL, LONG_DEADLINE_MS)).ok).toBe(true)
    expect((await poll(counterIds.twin, BEHIND_POLL, LONG_DEADLINE_MS)).ok).toBe(true)
    const whole = await storedAPlus(counterIds.twin)
    for (let polls = 0; polls < 20 && (await storedAPlus(counterIds.slow)).length < whole.length; polls++) {
      await poll(counterIds.slow, BEHIND_POLL, SHORT_DEADLINE_MS)
    }
    expect(await storedAPlus(counterIds.slow)).toEqual(whole)
    expect(whole.at(-1)!.start).toEqual(new Date('2026-11-20T08:30:00.000Z'))
    expectModelValues(whole, slow.seed)
  })
})

describe('a meter a month behind', () => {
  // The meter's ring holds 85 days of half-hours; a collector that stopped looking after 7 days read the last 24 hours
  // and lost the rest for good.
  it('is read back to the last interval stored, a month ago', async () => {
    expect((await poll(counterIds.monthBehind, FIRST_POLL, LONG_DEADLINE_MS)).ok).toBe(true)
    const caughtUpTo = (await storedAPlus(counterIds.monthBehind)).at(-1)!.start.getTime() + HALF_HOUR
    const monthLater = new Date(FIRST_POLL.getTime() + 30 * DAY)
    expect((await poll(counterIds.monthBehind, monthLater, LONG_DEADLINE_MS)).ok).toBe(true)
    const read = (await storedAPlus(counterIds.monthBehind)).filter((row) => row.start.getTime() >= caughtUpTo)
    expect(read.map((row) => row.start)).toEqual(halfHours(new Date(caughtUpTo), 30 * 48))
    expectModelValues(read, monthBehind.seed)
  })
})

describe('a profile with records out of order', () => {
  // Found from the meter's side: the first record stamped a day early ended the walk back, and the valid records before
  // it in memory were stored as missing; one stamped a day ahead ended the walk forward the same way.
  it.each([
    ['back', 'setBack', SET_BACK, setBack.seed],
    ['forward', 'setForward', SET_FORWARD, setForward.seed],
  ] as const)('reads the valid records around those of a date set %s', async (_, meter, shift, seed) => {
    expect((await poll(counterIds[meter], BEHIND_POLL, LONG_DEADLINE_MS)).ok).toBe(true)
    const stored = await storedAPlus(counterIds[meter])
    expect(stored.map((row) => row.start)).toEqual(halfHours(new Date('2026-11-19T09:00:00.000Z'), 48))
    const stampedOff = (start: Date) => start >= shift.from && start.getTime() < shift.from.getTime() + shift.hours * 3_600_000
    // Their own times are unknown: validation estimates them (docs/vee.md).
    for (const row of stored.filter((row) => stampedOff(row.start))) expect(row.status).not.toBe(INTERVAL_STATUS.VALID)
    expectModelValues(
      stored.filter((row) => !stampedOff(row.start)),
      seed,
    )
  })
})
