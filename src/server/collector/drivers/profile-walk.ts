import type { EnergyRegisters, ProfileRecord } from '../meter-values'
import { PROFILE_RING_RECORDS, PROFILE_STATUS_INCOMPLETE, type LastProfileRecord, type ProfileCell } from '../protocol/mercury230'

const NO_ENERGY: EnergyRegisters = { aPlus: null, aMinus: null, rPlus: null, rMinus: null }

/** The ring slot `back` records before the last one: its record, null for memory never written, undefined for a garbled record. */
export type ReadSlot = (back: number) => Promise<ProfileCell | null | undefined>

const startOf = (cell: ProfileCell) => cell.end.getTime() - cell.minutes * 60_000

/**
 * Reads the Mercury 230 profile of [from, to) up to the last record, oldest first, and hands over one record per
 * interval of the meter's grid as soon as it is known: a walk cut short (the poll's deadline, a lost link) keeps what
 * it read, and the next poll goes on after it. The walk starts at the period's oldest record (`firstBack`) and goes
 * forward to the last one, placing each record by its own time; a record outside the period (a reset clock's, a date
 * set back or forward) or before one placed already is passed over, and so is a garbled one, one of another integration
 * time, or memory never written.
 */
export async function walkProfile(
  readSlot: ReadSlot,
  last: LastProfileRecord,
  from: Date,
  to: Date,
  onRecord: (record: ProfileRecord) => void,
  ringRecords: number = PROFILE_RING_RECORDS,
): Promise<void> {
  // The oldest slot of the ring, counted back from the last record.
  const lastSlot = ringRecords - 1
  const stepMs = last.minutes * 60_000
  const lastStart = last.end.getTime() - stepMs
  const periodBacks = Math.floor((lastStart - from.getTime()) / stepMs)
  if (periodBacks < 0) return
  // The grid runs on the meter's own interval starts: with T = 60 a `from` at :30 would meet none of them. Intervals
  // after the last record are not over yet, or the meter is without power now: a later poll reads them.
  const grid = new IntervalGrid(lastStart - periodBacks * stepMs, Math.min(to.getTime(), lastStart + 1), stepMs, last.minutes, onRecord)
  // Each slot is read from the meter once: the walk goes over those the search probed.
  const slots = new Map<number, ProfileCell | null | undefined>()
  const slot = async (back: number) => {
    if (!slots.has(back)) slots.set(back, await readSlot(back))
    return slots.get(back)
  }
  const fromMs = from.getTime()
  // Records stamped before the whole ring could reach were stamped by a reset clock (to 2000), not written before `from`.
  const oldestPlausible = lastStart - ringRecords * stepMs
  // A record with an impossible date counts as before the period, like memory never written: slots of a ring zeroed
  // by an initialisation, or left garbled, would otherwise send the search to the ring's oldest slot.
  const before = async (back: number) => {
    const cell = await slot(back)
    if (!cell) return true
    return startOf(cell) >= oldestPlausible && startOf(cell) < fromMs
  }
  // The newest record read: an interval before it that no record claimed was not written; one after it may still be.
  let newest = Number.NEGATIVE_INFINITY
  for (let back = await firstBack(before, Math.min(periodBacks, lastSlot), lastSlot); back >= 0; back--) {
    const cell = await slot(back)
    // A record of another T (written before 03 00 changed T, which keeps the old records: manual p.15, note 1) is
    // not an interval of this grid: its interval stays missing rather than stored with another length.
    if (!cell || cell.minutes !== last.minutes) continue
    const start = startOf(cell)
    newest = Math.max(newest, start)
    if (start >= fromMs && start < to.getTime()) grid.place(start, cell)
  }
  grid.passUntil(newest)
}

/**
 * The back-offset the walk starts at: the slot after the newest one `before` the period (a record written before
 * `from`, or memory never written). A meter writes one record an interval while it has power and none without, so the
 * slot `guess` (the period's intervals back) usually holds the period's first record and the one behind it is before
 * the period: two reads. After an outage fewer records than intervals lie in the period and the slot is before it; a
 * clock set back stamps more, and the slot lies inside the period, so the search goes further back, a step twice as
 * long each time. The slots between are then bisected by `before`. Where records are out of order it may start after a
 * record of the period; it never starts among the records before the period that an outage left, which a slow line
 * could not read through before the poll's deadline.
 */
async function firstBack(before: (back: number) => Promise<boolean>, guess: number, lastSlot: number): Promise<number> {
  let newer = guess
  let older = guess
  for (let step = 1; !(await before(older)); step *= 2) {
    if (older === lastSlot) return lastSlot
    newer = older
    older = Math.min(lastSlot, older + step)
  }
  if (older === guess) newer = 0
  while (older - newer > 1) {
    const back = (newer + older) >> 1
    if (await before(back)) older = back
    else newer = back
  }
  return newer
}

/**
 * The intervals of the meter's grid from `first` up to `until`, handed over in order: each with its record, or with
 * every channel null where a later record shows that none was written for it.
 */
class IntervalGrid {
  private next: number

  constructor(
    first: number,
    private readonly until: number,
    private readonly stepMs: number,
    private readonly minutes: number,
    private readonly onRecord: (record: ProfileRecord) => void,
  ) {
    this.next = first
  }

  /** A record at its own start; one starting before an interval handed over already is out of order and passed over. */
  place(start: number, cell: ProfileCell): void {
    if (start < this.next) return
    this.passUntil(start)
    if (start !== this.next || start >= this.until) return
    this.onRecord({ start: new Date(start), minutes: cell.minutes, energy: cell.energy, incomplete: (cell.status & PROFILE_STATUS_INCOMPLETE) !== 0 })
    this.next += this.stepMs
  }

  /** The intervals before `time` no record claimed: the meter had no power, or their records were garbled or out of order. */
  passUntil(time: number): void {
    for (; this.next < Math.min(time, this.until); this.next += this.stepMs) {
      this.onRecord({ start: new Date(this.next), minutes: this.minutes, energy: NO_ENERGY, incomplete: false })
    }
  }
}
