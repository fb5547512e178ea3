/**
 * Which interval each slot of an emulated Mercury 230 profile ring holds. Intervals are numbered by
 * their end (end time / integration time); the meter writes one record per interval it had power for, so an
 * outage leaves no slots and the records before it sit closer to the last one than their times say.
 */
export class ProfileRing {
  private readonly outageFirst: number
  private readonly outageLength: number

  constructor(
    outage: { from: Date; hours: number } | undefined,
    private readonly stepMs: number,
    readonly records: number,
  ) {
    this.outageFirst = outage ? Math.floor(outage.from.getTime() / stepMs) + 1 : Number.POSITIVE_INFINITY
    this.outageLength = outage ? Math.round((outage.hours * 3_600_000) / stepMs) : 0
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
    return end < this.outageFirst ? end : end - this.outageLength
  }

  /** The interval whose record a ring slot holds, counting back from the last record. */
  endAt(slot: number, lastEnd: number): number {
    const last = this.recordNumber(lastEnd)
    const number = last - ((((last - slot) % this.records) + this.records) % this.records)
    return number < this.outageFirst ? number : number + this.outageLength
  }

  /** How many records lie between an interval and the last one (0 for the last). */
  recordsBack(end: number, lastEnd: number): number {
    return this.recordNumber(lastEnd) - this.recordNumber(end)
  }
}
