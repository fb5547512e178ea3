/**
 * Which interval each slot of an emulated Mercury 230 profile ring holds. Intervals are numbered by
 * their end (end time / integration time). The meter writes one record per interval it had power for. With
 * `slots: 'kept'` the address moves on through an outage as the manual says (p.96, notes 2-3), and the outage's
 * slots keep what they held; by default an outage leaves no slots, and the records before it sit closer to the
 * last one than their times say.
 */
export class ProfileRing {
  private readonly outageFirst: number
  private readonly outageLength: number
  /** Records the numbering skips: the outage's, unless its slots are kept. */
  private readonly skipped: number

  constructor(
    outage: { from: Date; hours: number; slots?: 'skipped' | 'kept' } | undefined,
    private readonly stepMs: number,
    readonly records: number,
  ) {
    this.outageFirst = outage ? Math.floor(outage.from.getTime() / stepMs) + 1 : Number.POSITIVE_INFINITY
    this.outageLength = outage ? Math.round((outage.hours * 3_600_000) / stepMs) : 0
    this.skipped = outage?.slots === 'kept' ? 0 : this.outageLength
  }

  /** Whether the meter had no power during the interval ending at `end`. */
  inOutage(end: number): boolean {
    return end >= this.outageFirst && end < this.outageFirst + this.outageLength
  }

  /** The first interval after the outage: the meter flags it incomplete. */
  isFirstAfterOutage(end: number): boolean {
    return this.outageLength > 0 && end === this.outageFirst + this.outageLength
  }

  /** The interval of the last record written by `now`. */
  lastEnd(now: Date): number {
    const end = Math.floor(now.getTime() / this.stepMs)
    return this.inOutage(end) ? this.outageFirst - 1 : end
  }

  /** The running number of the record of an interval the meter wrote. */
  recordNumber(end: number): number {
    return end < this.outageFirst ? end : end - this.skipped
  }

  /** The interval a ring slot was last written for, counting back from the last record; in an outage's kept slot, the outage's. */
  endAt(slot: number, lastEnd: number): number {
    const last = this.recordNumber(lastEnd)
    const number = last - ((((last - slot) % this.records) + this.records) % this.records)
    return number < this.outageFirst ? number : number + this.skipped
  }

  /** How many records lie between an interval and the last one (0 for the last). */
  recordsBack(end: number, lastEnd: number): number {
    return this.recordNumber(lastEnd) - this.recordNumber(end)
  }
}
