import { describe, expect, it } from 'vitest'
import { walkProfile } from '../../../src/server/collector/drivers/profile-walk'
import type { ProfileRecord } from '../../../src/server/collector/meter-values'
import { decodeProfileRecord, type ProfileCell } from '../../../src/server/collector/protocol/mercury230'
import { MeterFrameError } from '../../../src/server/collector/protocol/errors'

/*
 * The profile walk over a ring of records given by hand, newest first, as a Mercury 230's memory 3 holds them: what
 * it hands over and how many slots it reads. The emulator's rings are tested through TCP in profile-deadline.test.ts
 * and mercury230-driver.test.ts; these are the orders of records a meter's clock makes that the emulator does not.
 */

const HALF_HOUR = 1_800_000
const at = (text: string) => new Date(text).getTime()

/** Half-hour records starting at `first`, one an interval, `count` of them, oldest first, their A+ counting from `value`. */
function records(first: string, count: number, value: number): ProfileCell[] {
  return Array.from({ length: count }, (_, index) => ({
    status: 0,
    end: new Date(at(first) + (index + 1) * HALF_HOUR),
    minutes: 30,
    energy: { aPlus: value + index, aMinus: null, rPlus: null, rMinus: null },
  }))
}

/**
 * Walks the ring (oldest first; null for memory never written) over [from, to), the last record ending at `lastEnd` as
 * the meter answers 08 13 (the newest record's end unless told): the intervals handed over and the slots read.
 */
async function walk(ring: (ProfileCell | null)[], from: string, to: string, lastEnd?: string, unwritten: Uint8Array = new Uint8Array(15).fill(0xff)) {
  const newestFirst = [...ring].reverse()
  const reads: number[] = []
  const handed: ProfileRecord[] = []
  await walkProfile(
    async (back) => {
      reads.push(back)
      return newestFirst[back] ?? decoded(unwritten)
    },
    { memoryAddress: 0, status: 0, end: lastEnd ? new Date(lastEnd) : newestFirst[0]!.end, minutes: 30 },
    new Date(from),
    new Date(to),
    (record) => handed.push(record),
  )

  return { handed: handed.map((record) => [record.start.toISOString().slice(11, 16), record.energy.aPlus]), reads }
}

/** A slot's bytes as the driver decodes them: undefined for a record it cannot read. */
function decoded(bytes: Uint8Array): ProfileCell | null | undefined {
  try {
    return decodeProfileRecord(bytes, 5000, 'UTC')
  } catch (error) {
    if (error instanceof MeterFrameError) return undefined
    throw error
  }
}

describe('the profile walk', () => {
  it('reads the records of the period stamped before a clock set back an hour, and passes over the stamps it repeats', async () => {
    // 05:00..07:30 stamped right; then the clock went back an hour and stays there: 07:00..10:30 stamped again.
    const ring = [...records('2026-11-20T05:00:00Z', 6, 100), ...records('2026-11-20T07:00:00Z', 8, 500)]
    const { handed } = await walk(ring, '2026-11-20T06:00:00Z', '2026-11-20T11:00:00Z')
    expect(handed).toEqual([
      ['06:00', 102],
      ['06:30', 103],
      ['07:00', 104],
      ['07:30', 105],
      ['08:00', 502],
      ['08:30', 503],
      ['09:00', 504],
      ['09:30', 505],
      ['10:00', 506],
      ['10:30', 507],
    ])
  })

  it('finds the period behind ten days without power in a few reads, whatever the clock did after it', async () => {
    // 500 records before the period, then ten days without power, then two days of records with the clock set back an hour.
    const ring = [...records('2026-10-28T00:00:00Z', 500, 0), ...records('2026-11-18T00:00:00Z', 30, 1000), ...records('2026-11-18T14:00:00Z', 66, 2000)]
    const { handed, reads } = await walk(ring, '2026-11-07T10:00:00Z', '2026-11-20T00:00:00Z')
    expect(handed[0]).toEqual(['10:00', null])
    expect(handed.filter(([, value]) => value !== null)).toHaveLength(96 - 2)
    // 96 records in the period and about a dozen probes, not the 480 records before it
    expect(reads.length).toBeLessThanOrEqual(96 + 16)
  })

  it('hands over no missing interval after the newest record it could read', async () => {
    // 08 13 names a last record 10:30–11:00 whose slot reads as memory never written: the next poll may read it.
    const ring = [...records('2026-11-20T06:00:00Z', 9, 100), null]
    const walked = await walk(ring, '2026-11-20T07:00:00Z', '2026-11-20T12:00:00Z', '2026-11-20T11:00:00Z')
    expect(walked.handed).toEqual([
      ['07:00', 102],
      ['07:30', 103],
      ['08:00', 104],
      ['08:30', 105],
      ['09:00', 106],
      ['09:30', 107],
      ['10:00', 108],
    ])
  })

  it('reads the usual period, without an outage, with one probe behind it', async () => {
    const ring = records('2026-11-19T00:00:00Z', 96, 0)
    const { handed, reads } = await walk(ring, '2026-11-20T00:00:00Z', '2026-11-21T00:00:00Z')
    expect(handed).toHaveLength(48)
    expect(reads.length).toBeLessThanOrEqual(48 + 1)
  })

  // Commissioning initialises the profile array, which zeroes the ring (manual p.15, note 1): until the ring fills, the
  // slots behind the records read as zeros, and a search taking them for the period would read all 4096.
  it('finds the few records of a ring zeroed by an initialisation in a few reads', async () => {
    const ring = records('2026-11-20T06:00:00Z', 10, 100)
    const { handed, reads } = await walk(ring, '2026-11-19T11:00:00Z', '2026-11-20T11:00:00Z', undefined, new Uint8Array(15))
    expect(handed.filter(([, value]) => value !== null)).toHaveLength(10)
    expect(reads.length).toBeLessThan(20)
  })

  it('takes a record with an impossible date for one before the period', async () => {
    const ring = records('2026-11-20T06:00:00Z', 10, 100)
    const garbled = Uint8Array.from([0x12, 0x30, 0x00, 0x31, 0x02, 0x26, 0x1e, 0, 0, 0, 0, 0, 0, 0, 0])
    const { handed, reads } = await walk(ring, '2026-11-19T11:00:00Z', '2026-11-20T11:00:00Z', undefined, garbled)
    expect(handed.filter(([, value]) => value !== null)).toHaveLength(10)
    expect(reads.length).toBeLessThan(20)
  })

  // 03 00 changes T without clearing the ring (manual p.15, note 1): an hour's leftover record among half-hours, or a
  // garbled T, would be stored as an interval of another length and shadow the record of its half-hour.
  it("passes over records whose integration time is not the meter's", async () => {
    const hours = records('2026-11-20T00:00:00Z', 3, 900).map((cell, index) => ({
      ...cell,
      end: new Date(at('2026-11-20T01:00:00Z') + index * 2 * HALF_HOUR),
      minutes: 60,
    }))
    const halves = records('2026-11-20T03:00:00Z', 8, 100)
    halves[2] = { ...halves[2]!, minutes: 0 }
    halves[5] = { ...halves[5]!, minutes: 255 }
    const { handed } = await walk([...hours, ...halves], '2026-11-20T02:00:00Z', '2026-11-20T08:00:00Z')
    expect(handed).toEqual([
      ['02:00', null],
      ['02:30', null],
      ['03:00', 100],
      ['03:30', 101],
      ['04:00', null],
      ['04:30', 103],
      ['05:00', 104],
      ['05:30', null],
      ['06:00', 106],
      ['06:30', 107],
    ])
  })
})
