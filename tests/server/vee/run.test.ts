import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storePolls } from '../../../src/server/collector/poll-meter'
import type { Executor } from '../../../src/server/db/client'
import { storeIntervals, type IntervalRow, type RegisterRow } from '../../../src/server/repositories/readings'
import { CHANNEL, INTERVAL_STATUS } from '../../../src/shared/metering'
import { runVee } from '../../../src/server/vee/run'
import { startRegistryApp, type RegistryApp } from '../../helpers/test-app'

const HALF_HOUR = 1_800_000
const DAY = 86_400_000
/** Monday 2 March 2026, 00:00 in Moscow. */
const D = Date.parse('2026-03-01T21:00:00Z')
const at = (i: number, base = D) => new Date(base + i * HALF_HOUR)
const { VALID, MISSING, ESTIMATED, SUSPECT, INCOMPLETE } = INTERVAL_STATUS

let t: RegistryApp
let db: Executor
let nextCounter = 9_000

beforeAll(async () => {
  t = await startRegistryApp()
  db = t.database.db
})
afterAll(() => t.close())

const newCounter = () => ++nextCounter

function halfHours(counterId: number, from: number, values: (number | null)[], base = D): IntervalRow[] {
  return values.map((value, i) => ({
    counter_id: counterId,
    channel: CHANNEL.A_PLUS,
    interval_start: at(from + i, base),
    value,
    status: value === null ? MISSING : VALID,
  }))
}

const reading = (counterId: number, readAt: Date, value: number): RegisterRow => ({
  counter_id: counterId,
  channel: CHANNEL.A_PLUS,
  tariff: 0,
  read_at: readAt,
  value,
})

async function poll(intervals: IntervalRow[], registers: RegisterRow[] = []) {
  await storePolls(db, [{ ok: true, fatal: false, lines: [], phases: [], intervals, registers }])
}

async function stored(counterId: number) {
  const result = await db.execute(sql`
    select interval_start, value, status from interval_values where counter_id = ${counterId} and channel = ${CHANNEL.A_PLUS}
    order by interval_start`)
  return (result.rows as { interval_start: Date | string; value: number | null; status: number }[]).map((r) => ({
    i: Math.round((new Date(r.interval_start).getTime() - D) / HALF_HOUR),
    value: r.value === null ? null : Math.round(Number(r.value) * 1e6) / 1e6,
    status: Number(r.status),
  }))
}

async function edits(counterId: number) {
  const result = await db.execute(sql`
    select interval_start, old_value, old_status, new_value, new_status, method from interval_edits where counter_id = ${counterId}
    order by interval_start, interval_edit_id`)
  return result.rows as { old_value: number | null; old_status: number; new_value: number | null; new_status: number; method: string }[]
}

/** Whole valid days of `value` per half-hour before D, as a channel's usual history (stored without validation). */
async function history(counterId: number, days: number, value: number) {
  await storeIntervals(
    db,
    halfHours(
      counterId,
      -days * 48,
      Array.from({ length: days * 48 }, () => value),
    ),
  )
}

describe('validation', () => {
  it('gap: the half-hours between the last stored interval and the poll become missing rows', async () => {
    const c = newCounter()
    await poll(halfHours(c, 0, [1, 1, 1, 1]))
    await poll(halfHours(c, 10, [1, 1]))
    const rows = await stored(c)
    expect(rows.map((r) => r.i)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])
    // Six intervals: too long for a line, no registers, no earlier weeks: nothing estimates them.
    expect(rows.filter((r) => r.i >= 4 && r.i <= 9)).toEqual([4, 5, 6, 7, 8, 9].map((i) => ({ i, value: null, status: MISSING })))
  })

  it('spike: a half-hour above 10 times the usual (1 kWh) is suspect, 9.9 is not', async () => {
    const c = newCounter()
    await history(c, 7, 1)
    await poll(halfHours(c, 0, [1, 9.9, 10.5]))
    expect(await stored(c).then((rows) => rows.filter((r) => r.i >= 0))).toEqual([
      { i: 0, value: 1, status: VALID },
      { i: 1, value: 9.9, status: VALID },
      { i: 2, value: 10.5, status: SUSPECT },
    ])
    expect(await edits(c)).toMatchObject([{ old_value: 10.5, old_status: VALID, new_value: 10.5, new_status: SUSPECT, method: 'spike' }])
  })

  it('spike: a channel with fewer than 7 whole days has no usual value and is not flagged', async () => {
    const c = newCounter()
    await history(c, 6, 1)
    await poll(halfHours(c, 0, [50]))
    expect((await stored(c)).find((r) => r.i === 0)).toEqual({ i: 0, value: 50, status: VALID })
  })

  it('register backwards: a fall from 500 to 490 makes the intervals between the readings suspect', async () => {
    const c = newCounter()
    await poll(halfHours(c, 0, [1, 1]), [reading(c, at(2), 500)])
    await poll(halfHours(c, 2, [1, 1]), [reading(c, at(4), 490)])
    const rows = await stored(c)
    expect(rows.map((r) => r.status)).toEqual([VALID, VALID, SUSPECT, SUSPECT])
    expect((await edits(c)).map((e) => e.method)).toEqual(['register_backwards', 'register_backwards'])
  })

  it('register backwards: a rollover at the width of the meter model’s register is not a fault', async () => {
    const meterOf = (model: string) => t.make.meter({ model_id: t.refs.modelIds[model] })
    // Mercury 206: 8 BCD digits of 0.01 kWh roll over after 999 999.99.
    const c = await meterOf('Меркурий 206 RN')
    await poll(halfHours(c, 0, [1, 1]), [reading(c, at(2), 999_999.5)])
    await poll(halfHours(c, 2, [1, 1]), [reading(c, at(4), 1.5)])
    // Mercury 230: a 32-bit count of Wh rolls over after 4 294 967.295 kWh.
    const d = await meterOf('Меркурий 230 ART')
    await poll(halfHours(d, 0, [1, 1]), [reading(d, at(2), 4_294_967)])
    await poll(halfHours(d, 2, [1, 1]), [reading(d, at(4), 1.7)])
    expect((await stored(c)).map((r) => r.status)).toEqual([VALID, VALID, VALID, VALID])
    expect((await stored(d)).map((r) => r.status)).toEqual([VALID, VALID, VALID, VALID])
  })

  // The width used to be the smallest one above the reading: 950 000 took the Mercury 206's 999 999.99, and a Mercury
  // 230 reset or replaced passed as a rollover.
  it('register backwards: a Mercury 230 falling from 950 000 to 3 000 kWh is a fault, not a Mercury 206 rollover', async () => {
    const c = await t.make.meter({ model_id: t.refs.modelIds['Меркурий 230 ART'] })
    await poll(halfHours(c, 0, [1, 1]), [reading(c, at(2), 950_000)])
    await poll(halfHours(c, 2, [1, 1]), [reading(c, at(4), 3_000)])
    expect((await stored(c)).map((r) => r.status)).toEqual([VALID, VALID, SUSPECT, SUSPECT])
  })

  it('day sum: 48 kWh of profile against 60 kWh of register is suspect; against 48.9 it is within 2 %', async () => {
    const day = Array.from({ length: 48 }, () => 1)
    const faulty = newCounter()
    await poll([], [reading(faulty, at(0), 1000)])
    await poll(halfHours(faulty, 0, day), [reading(faulty, new Date(D + DAY + 120_000), 1060)])
    const rows = await stored(faulty)
    expect(rows).toHaveLength(48)
    expect(rows.every((r) => r.status === SUSPECT)).toBe(true)
    expect((await edits(faulty)).every((e) => e.method === 'day_sum')).toBe(true)

    // |48 - 48.9| = 0.9 <= 0.02 * 48.9 + 0.02 = 0.998
    const fine = newCounter()
    await poll([], [reading(fine, at(0), 1000)])
    await poll(halfHours(fine, 0, day), [reading(fine, new Date(D + DAY + 120_000), 1048.9)])
    expect((await stored(fine)).every((r) => r.status === VALID)).toBe(true)
  })

  it("clock drift: the polled half-hours of a meter whose clock is off beyond the limit are suspect, another meter's not", async () => {
    const [off, on] = [newCounter(), newCounter()]
    const polled = [...halfHours(off, 0, [1, 1]), ...halfHours(on, 0, [1, 1])]
    await storeIntervals(db, polled)
    await runVee(db, polled, [], [off])
    expect((await stored(off)).map((r) => r.status)).toEqual([SUSPECT, SUSPECT])
    expect((await stored(on)).map((r) => r.status)).toEqual([VALID, VALID])
    expect((await edits(off)).map((e) => e.method)).toEqual(['clock_drift', 'clock_drift'])
  })

  it('an accepted interval is not flagged again when the next poll re-reads it', async () => {
    const c = newCounter()
    await history(c, 7, 1)
    await poll(halfHours(c, 0, [20]))
    await db.execute(sql`update interval_values set status = ${VALID} where counter_id = ${c} and interval_start = ${at(0).toISOString()}::timestamptz`)
    await db.execute(sql`
      insert into interval_edits (counter_id, channel, interval_start, old_value, old_status, new_value, new_status, method)
      values (${c}, 1, ${at(0).toISOString()}::timestamptz, 20, ${SUSPECT}, 20, ${VALID}, 'accept')`)
    await poll(halfHours(c, 0, [20, 1]))
    expect((await stored(c)).filter((r) => r.i >= 0).map((r) => r.status)).toEqual([VALID, VALID])
  })
})

describe('estimation', () => {
  it('linear: 1.0 before and 2.0 after a three-interval gap give 1.25, 1.5, 1.75', async () => {
    const c = newCounter()
    await poll(halfHours(c, 0, [1, 1, 1, 1]))
    await poll(halfHours(c, 7, [2]))
    expect((await stored(c)).slice(4, 7)).toEqual([
      { i: 4, value: 1.25, status: ESTIMATED },
      { i: 5, value: 1.5, status: ESTIMATED },
      { i: 6, value: 1.75, status: ESTIMATED },
    ])
    expect(await edits(c)).toMatchObject([
      { old_value: null, old_status: MISSING, new_value: 1.25, new_status: ESTIMATED, method: 'linear' },
      { new_value: 1.5, method: 'linear' },
      { new_value: 1.75, method: 'linear' },
    ])
  })

  it('register share: 108.6 - 100 kWh less the 2 kWh read between leaves 6.6 kWh, 1.1 for each of six intervals', async () => {
    const c = newCounter()
    // Read 2 minutes after the half-hour 2 began: it stands for that boundary.
    await poll(halfHours(c, 0, [1, 1, 1, 1]), [reading(c, new Date(at(2).getTime() + 120_000), 100)])
    await poll(halfHours(c, 10, [1, 1]), [reading(c, at(10), 108.6)])
    expect((await stored(c)).slice(4, 10)).toEqual([4, 5, 6, 7, 8, 9].map((i) => ({ i, value: 1.1, status: ESTIMATED })))
    expect(new Set((await edits(c)).map((e) => e.method))).toEqual(new Set(['register_share']))
  })

  // Mercury 230 without power 10:00-11:40: the walk gives no record for 10:00-11:30 and flags 11:30 incomplete; the
  // registers read at 10:00 and 12:00 differ by the 0.4 kWh of that record, so the outage carried nothing.
  it('register share before linear: a power outage the registers show no energy for is estimated at 0, and its day adds up', async () => {
    const c = newCounter()
    await poll(halfHours(c, 0, Array(20).fill(1)), [reading(c, at(0), 1000), reading(c, new Date(at(20).getTime() + 5000), 1020)])
    await poll(
      [...halfHours(c, 20, [null, null, null]), { ...halfHours(c, 23, [0.4])[0]!, status: INCOMPLETE }],
      [reading(c, new Date(at(24).getTime() + 5000), 1020.4)],
    )
    expect((await stored(c)).slice(20, 24)).toEqual([
      { i: 20, value: 0, status: ESTIMATED },
      { i: 21, value: 0, status: ESTIMATED },
      { i: 22, value: 0, status: ESTIMATED },
      { i: 23, value: 0.4, status: INCOMPLETE },
    ])
    expect(new Set((await edits(c)).map((e) => e.method))).toEqual(new Set(['register_share']))
    // The rest of the day at 1 kWh and the closing register 1044.4: the profile sums to the register difference.
    await poll(halfHours(c, 24, Array(24).fill(1)), [reading(c, new Date(at(48).getTime() + 5000), 1044.4)])
    expect((await stored(c)).filter((r) => r.status === SUSPECT)).toEqual([])
  })

  it('like-day: the same half-hours a week (2.0) and two weeks (4.0) before give 3.0', async () => {
    const c = newCounter()
    await storeIntervals(db, [...halfHours(c, 4 - 7 * 48, Array(6).fill(2)), ...halfHours(c, 4 - 14 * 48, Array(6).fill(4))])
    await poll(halfHours(c, 0, [1, 1, 1, 1]))
    await poll(halfHours(c, 10, [1, 1]))
    expect((await stored(c)).filter((r) => r.i >= 4 && r.i <= 9)).toEqual([4, 5, 6, 7, 8, 9].map((i) => ({ i, value: 3, status: ESTIMATED })))
    expect(new Set((await edits(c)).map((e) => e.method))).toEqual(new Set(['like_day']))
  })
})

describe('storing over validated and estimated intervals', () => {
  it("the meter's value replaces an estimate, a missing reading does not wipe it, and an edit stays", async () => {
    const c = newCounter()
    await poll(halfHours(c, 0, [1, 1]))
    await poll(halfHours(c, 3, [3]))
    expect((await stored(c))[2]).toEqual({ i: 2, value: 2, status: ESTIMATED })
    await poll(halfHours(c, 2, [null]))
    expect((await stored(c))[2]).toEqual({ i: 2, value: 2, status: ESTIMATED })
    await poll(halfHours(c, 2, [2.4]))
    expect((await stored(c))[2]).toEqual({ i: 2, value: 2.4, status: VALID })
    await db.execute(
      sql`update interval_values set value = 5, status = ${INTERVAL_STATUS.EDITED}
        where counter_id = ${c} and interval_start = ${at(2).toISOString()}::timestamptz`,
    )
    await poll(halfHours(c, 2, [2.4]))
    expect((await stored(c))[2]).toEqual({ i: 2, value: 5, status: INTERVAL_STATUS.EDITED })
  })
})
