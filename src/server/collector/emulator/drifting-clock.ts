import type { EmulatedMeterSpec } from './meter-spec'

const DAY_MS = 86_400_000

/** An emulated meter's clock: the spec's offset at the first request, its drift a day from then, and what corrections moved it by. */
export class DriftingClock {
  private anchorMs: number | undefined
  private movedMs = 0

  constructor(private readonly spec: EmulatedMeterSpec['clock']) {}

  /** The meter's time at the collector's `nowMs`. */
  at(nowMs: number): number {
    const { offsetS = 0, driftSPerDay = 0 } = this.spec ?? {}
    this.anchorMs ??= nowMs
    return nowMs + offsetS * 1000 + Math.round((driftSPerDay * 1000 * (nowMs - this.anchorMs)) / DAY_MS) + this.movedMs
  }

  move(ms: number): void {
    this.movedMs += ms
  }
}
