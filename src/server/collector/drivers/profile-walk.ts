import type { EnergyRegisters, ProfileRecord } from '../meter-values'
import { PROFILE_RING_RECORDS, PROFILE_STATUS_INCOMPLETE, type LastProfileRecord, type ProfileCell } from '../protocol/mercury230'

const NO_ENERGY: EnergyRegisters = { aPlus: null, aMinus: null, rPlus: null, rMinus: null }
/** The time of memory never written: before every record. */
const UNWRITTEN = Number.NEGATIVE_INFINITY

/** The ring slot `back` records before the last one: its record, null for memory never written, undefined for a garbled record. */
export type ReadSlot = (back: number) => Promise<ProfileCell | null | undefined>

const startOf = (cell: ProfileCell) => cell.end.getTime() - cell.minutes * 60_000

/**
 * Reads the Mercury 230 profile of [from, to) up to the last record, oldest first, and hands over one record per
 * interval of the meter's grid as soon as it is known: a walk cut short (the poll's deadline, a lost link) keeps what
 * it read, and the next poll goes on after it. The walk starts at the period's oldest record (`firstBack`) and goes
 * forward to the last one, placing each record by its own time; a record outside the period (a reset clock's, a date
 * set back or forward) or before one placed already is passed over, and so is a garbled one or memory never written.
 */
export async function walkProfile(readSlot: ReadSlot, last: LastProfileRecord, from: Date, to: Date, onRecord: (record: ProfileRecord) => void): Promise<void> {
  const stepMs = last.minutes * 60_000
  const lastStart = last.end.getTime() - stepMs
  const periodBacks = Math.floor((lastStart - from.getTime()) / stepMs)
  if (periodBacks < 0) return
  // The grid runs on the meter's own interval starts: with T = 60 a `from` at :30 would meet none of them. Intervals
  // after the last record are not over yet, or the meter is without power now: a later poll reads them.
  const grid = new IntervalGrid(lastStart - periodBacks * stepMs, Math.min(to.getTime(), lastStart + 1), stepMs, last.minutes, onRecord)
  const probed = new Map<number, ProfileCell | null | undefined>()
  const read = async (back: number) => (probed.has(back) ? probed.get(back) : readSlot(back))
  const probe = async (back: number) => {
    probed.set(back, await readSlot(back))
    return probed.get(back)
  }
  const oldest = Math.min(periodBacks, PROFILE_RING_RECORDS - 1)
  for (let back = await firstBack(probe, oldest, from.getTime(), lastStart, stepMs); back >= 0; back--) {
    const cell = await read(back)
    if (!cell) continue
    const start = startOf(cell)
    if (start >= from.getTime() && start < to.getTime()) grid.place(start, cell)
  }
  grid.passUntil(Number.POSITIVE_INFINITY)
}

/**
 * The back-offset the walk starts at. A meter writes one record an interval while it has power and none without, so
 * the record `back` slots before the last starts at lastStart − back·T or earlier, and none behind `oldest` is in the
 * period. The oldest record of the period is bisected for by the records' times, which fall as `back` grows; a probe
 * that breaks that order (a garbled record, one stamped by a clock reset to 2000, two records closer than T) leaves the
 * walk to start at `oldest`: more reads, none of the period's records passed.
 */
async function firstBack(probe: ReadSlot, oldest: number, from: number, lastStart: number, stepMs: number): Promise<number> {
  const timeAt = async (back: number) => {
    const cell = await probe(back)
    return cell === null ? UNWRITTEN : cell && startOf(cell)
  }
  // Records stamped before the whole ring could reach were stamped by a reset clock, not written before `from`.
  const oldestPlausible = lastStart - PROFILE_RING_RECORDS * stepMs
  // `newer` is in the period (the last record is), `older` before it.
  let [newer, newerTime] = [0, lastStart]
  let older = oldest
  let olderTime = await timeAt(older)
  if (olderTime === undefined || olderTime >= from) return oldest
  while (older - newer > 1) {
    const back = (newer + older) >> 1
    const time = await timeAt(back)
    const inOrder =
      time !== undefined &&
      (time === UNWRITTEN
        ? olderTime === UNWRITTEN
        : time >= oldestPlausible && time <= newerTime - (back - newer) * stepMs && time >= olderTime + (older - back) * stepMs)
    if (!inOrder) return oldest
    if (time >= from) [newer, newerTime] = [back, time]
    else [older, olderTime] = [back, time]
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
