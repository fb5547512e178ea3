import { describe, expect, it } from 'vitest'
import { DEMO_DRIFTING_CLOCK, demoFleet, type DemoMeter } from '../../../src/server/collector/demo-fleet'
import { createMeterDriver } from '../../../src/server/collector/drivers/create-meter-driver'
import type { RunningEmulator } from '../../../src/server/collector/emulator/emulator'
import type { EmulatedMeterSpec } from '../../../src/server/collector/emulator/meter-spec'
import { VirtualMercury206 } from '../../../src/server/collector/emulator/virtual-mercury206'
import { VirtualMercury230 } from '../../../src/server/collector/emulator/virtual-mercury230'
import { pollMeterClock } from '../../../src/server/collector/meter-clock'
import { fromZonedParts } from '../../../src/server/collector/meter-time'
import { decodeClockAnswer } from '../../../src/server/collector/protocol/mercury230-clock'
import { decodeClockAnswer as decodeMercury206Clock } from '../../../src/server/collector/protocol/mercury206'
import { PROFILE_STATUS_INCOMPLETE, decodeLastProfileRecordAnswer } from '../../../src/server/collector/protocol/mercury230'
import { T } from '../../../src/shared/texts'
import { mercury230 } from '../collection-fixtures'
import { connection, countingRelay, emulate } from './emulator-harness'

const DAY_MS = 86_400_000
const start = new Date('2026-11-20T12:10:00.000Z')

/** The emulated meter's clock minus `now`, in seconds, through its own 04 00 answer. */
function driftOf(meter: VirtualMercury230, now: Date): number {
  meter.answer({ kind: 'openChannel', level: 1, password: [1, 1, 1, 1, 1, 1] }, now)
  const reading = decodeClockAnswer(meter.answer({ kind: 'readClock' }, now)!, meter.spec.address)
  return (fromZonedParts(reading.local, 'Europe/Moscow').getTime() - now.getTime()) / 1000
}

describe('the emulated clock', () => {
  it('starts off by its offset and gains its drift a day', () => {
    const meter = new VirtualMercury230(mercury230(1, { clock: { offsetS: 95, driftSPerDay: 2 } }))
    expect(driftOf(meter, start)).toBe(95)
    expect(driftOf(meter, new Date(start.getTime() + 3 * DAY_MS))).toBe(101)
  })

  // Found from the meter's side: a correction spans the half-hour it is made in, so the meter flags that interval's
  // profile record incomplete (manual p.16, note 4); the emulator wrote it as a whole one.
  it('flags the profile record of the half-hour a correction was made in incomplete', () => {
    const meter = new VirtualMercury230(mercury230(1, { clock: { offsetS: 60 } }))
    const open = (at: Date) => meter.answer({ kind: 'openChannel', level: 1, password: [1, 1, 1, 1, 1, 1] }, at)
    const lastRecordStatus = (at: Date) => {
      open(at)
      return decodeLastProfileRecordAnswer(meter.answer({ kind: 'readLastProfileRecord' }, at)!, 1).status
    }
    open(start)
    expect(meter.answer({ kind: 'correctClock', to: { hour: 15, minute: 10, second: 0 } }, start)![1]).toBe(0)
    expect(lastRecordStatus(new Date(start.getTime() + 20 * 60_000)) & PROFILE_STATUS_INCOMPLETE).toBe(PROFILE_STATUS_INCOMPLETE)
    expect(lastRecordStatus(new Date(start.getTime() + 50 * 60_000)) & PROFILE_STATUS_INCOMPLETE).toBe(0)
  })

  it('keeps a drifting clock on a Mercury 206 too, in its 21h timedate with Sunday as 0', () => {
    const meter = new VirtualMercury206({ protocol: 'mercury206', address: 40_000_001, consumerType: 'flat', seed: 1, clock: { offsetS: 95, driftSPerDay: 2 } })
    const clockAt = (now: Date) => decodeMercury206Clock(meter.answer({ address: 40_000_001, command: 0x21, data: new Uint8Array() }, now)!, 40_000_001)
    const driftAt = (now: Date) => (fromZonedParts(clockAt(now).local, 'Europe/Moscow').getTime() - now.getTime()) / 1000
    // Friday 20.11.2026, then Sunday 22.11.
    const sunday = new Date(start.getTime() + 2 * DAY_MS)
    expect([driftAt(start), clockAt(start).dow]).toEqual([95, 5])
    expect([driftAt(sunday), clockAt(sunday).dow]).toEqual([99, 0])
  })

  it('keeps its drifting clock on one demo Mercury 230', () => {
    const meters: DemoMeter[] = Array.from({ length: 6 }, (_, i) => ({
      point_counter_id: i + 1,
      point_name: `ТП-${i + 1}`,
      port: '15230',
      counter_id: i + 1,
      serial_num: String(50_000_000 + i),
      driver: 'mercury230',
      net_address: String(i + 1),
    }))
    const fleet = demoFleet(meters)
    expect(fleet.filter((spec) => spec.clock)).toEqual([expect.objectContaining({ address: DEMO_DRIFTING_CLOCK.rank + 1, clock: DEMO_DRIFTING_CLOCK.clock })])
  })
})

/*
 * Correction through the emulator over TCP, at level 2 with the task's clock_correction on. As
 * ti-cortex-m4/tm4c1294ncpdt does before it corrects (devices/case_39p2.h, case_b2.h: «даты не совпадают, коррекция
 * невозможна»; a correction only when the collector's half-hour is the meter's), a meter whose date or half-hour is
 * not the collector's is left alone: a step of 4 minutes would only spoil a right time of day.
 */
describe('clock correction against the collector day and half-hour', () => {
  // 12:10:00 in Moscow, Friday 20.11.2026.
  const pollAt = new Date('2026-11-20T09:10:00.000Z')

  /**
   * One poll's clock step with correction allowed, its log, and the drift the meter shows afterwards; `link` asks the
   * meter at another address, or through a relay in front of the emulator.
   */
  async function correctAt(
    at: Date,
    spec: EmulatedMeterSpec,
    cardZone = 'Europe/Moscow',
    accessLevel = '2',
    link: { netAddress?: number; through?: (emulator: RunningEmulator) => Promise<{ port: number }> } = {},
  ) {
    const emulator = await emulate({ meters: [spec], clock: () => at })
    const target = link.through ? await link.through(emulator) : emulator
    const driver = createMeterDriver('mercury230', connection(target, link.netAddress ?? spec.address, { access_level: accessLevel }), cardZone)
    const notes: string[] = []
    const needs = { counterId: 1, timeZone: cardZone, correct: true, lastCorrectedAt: null }
    await driver.open()
    try {
      const outcome = await pollMeterClock(
        driver,
        needs,
        () => at,
        (text) => notes.push(text),
      )
      const after = await pollMeterClock(
        driver,
        { ...needs, correct: false },
        () => at,
        () => {},
      )
      return { outcome, notes, driftAfter: after?.driftS }
    } finally {
      await driver.close()
    }
  }

  it('leaves a meter whose date is a day ahead alone and says to set it by hand', async () => {
    // The meter answers 12:10:00 on 21.11.26: the time of day is right, the date is not.
    const { outcome, notes, driftAfter } = await correctAt(pollAt, mercury230(17, { clock: { offsetS: 86_400 } }))
    expect(outcome?.correction).toBeUndefined()
    expect(driftAfter).toBe(86_400)
    expect(outcome?.driftS).toBe(86_400)
    expect(notes).toEqual([
      T.poll.clockDrift(T.poll.seconds('+86\u00a0400'), true),
      T.poll.correctionImpossible('21.11.2026 12:10', '20.11.2026 12:10', 'Europe/Moscow', T.poll.clockDatesDiffer),
    ])
  })

  it("leaves a meter kept an hour off its card's zone alone", async () => {
    // A Samara meter (UTC+4) on a card left at Moscow: 13:10 on its clock, 12:10 on the collector's in Moscow.
    const { outcome, notes, driftAfter } = await correctAt(pollAt, mercury230(17, { timeZone: 'Europe/Samara' }))
    expect(outcome?.correction).toBeUndefined()
    expect(driftAfter).toBe(3600)
    expect(notes).toEqual([
      T.poll.clockDrift(T.poll.seconds('+3\u00a0600'), true),
      T.poll.correctionImpossible('20.11.2026 13:10', '20.11.2026 12:10', 'Europe/Moscow', T.poll.clockHalfHoursDiffer),
    ])
  })

  it('still corrects a drift when the meter and the collector are in one half-hour', async () => {
    const { outcome, driftAfter } = await correctAt(pollAt, mercury230(17, { clock: { offsetS: 100 } }))
    expect(outcome?.correction).toMatchObject({ seconds: -100, driftBeforeS: 100 })
    expect(driftAfter).toBe(0)
  })

  // «Коррекция времени … Уровень доступа – 1,2» (manual p.24, §3.11; p.14): only setting the time (03 0C) needs level 2.
  // The emulator refused 03 0D at level 1, so meters polled with the default level looked uncorrectable.
  it('corrects at access level 1, as the meter allows 03 0D', async () => {
    const { outcome, driftAfter } = await correctAt(pollAt, mercury230(17, { clock: { offsetS: 100 } }), 'Europe/Moscow', '1')
    expect(outcome?.correction).toMatchObject({ seconds: -100, driftBeforeS: 100 })
    expect(driftAfter).toBe(0)
  })

  // The meter answers reads at the universal address 0 but ignores writes (manual §1.5.4.1): 03 0D timed out there, the
  // timeout escaped the clock step, and the poll of a meter kept at address 0 with correction on read nothing, every time.
  it('reads the clock at the universal address 0 and says that it cannot correct it there', async () => {
    const { outcome, notes, driftAfter } = await correctAt(pollAt, mercury230(17, { clock: { offsetS: 100 } }), 'Europe/Moscow', '2', { netAddress: 0 })
    expect(outcome).toMatchObject({ driftS: 100 })
    expect(outcome?.correction).toBeUndefined()
    expect(driftAfter).toBe(100)
    expect(notes).toEqual([T.poll.clockDrift(T.poll.seconds('+100'), true), T.poll.correctionSkipped(T.poll.universalAddressWrites)])
  })

  it('goes on when the answer to a correction is lost on the line', async () => {
    const lostCorrection = (emulator: RunningEmulator) => countingRelay(emulator, (request) => request[1] === 0x03 && request[2] === 0x0d)
    const { outcome, notes, driftAfter } = await correctAt(pollAt, mercury230(17, { clock: { offsetS: 100 } }), 'Europe/Moscow', '2', {
      through: lostCorrection,
    })
    expect(outcome).toMatchObject({ driftS: 100 })
    expect(outcome?.correction).toBeUndefined()
    expect(driftAfter).toBe(100)
    expect(notes.at(-1)).toBe(T.poll.correctionSkipped(T.poll.timeout(500)))
  })

  it('puts off a small drift that straddles a half-hour boundary or midnight to a later poll', async () => {
    // 12:00:20 in Moscow with the meter 40 s slow (11:59:40); 23:59:50 with the meter 30 s fast (00:00:20 the next day).
    const halfHour = await correctAt(new Date('2026-11-20T09:00:20.000Z'), mercury230(17, { clock: { offsetS: -40 } }))
    expect(halfHour.outcome?.correction).toBeUndefined()
    expect(halfHour.notes.at(-1)).toBe(T.poll.correctionSkipped(T.poll.correctionCrossesHalfHour))
    const midnight = await correctAt(new Date('2026-11-20T20:59:50.000Z'), mercury230(17, { clock: { offsetS: 30 } }))
    expect(midnight.outcome?.correction).toBeUndefined()
    expect(midnight.notes.at(-1)).toBe(T.poll.correctionSkipped(T.poll.correctionCrossesHalfHour))
  })
})
