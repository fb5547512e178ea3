import { SALT, hash32, unitHash } from '../seeded-random'
import type { EmulatedMeterSpec } from './meter-spec'

export interface FramePlan {
  /** Leave the request unanswered. */
  silent: boolean
  /** Send the answer with a damaged checksum. */
  corrupt: boolean
  delayMs: number
  /** Offsets at which the answer is cut into separate writes (empty: one write). */
  cuts: number[]
  /** Bytes the line's adapter puts ahead of the answer. */
  lineTurnNoise: readonly number[]
}

/**
 * What happens to each frame a meter answers: drawn from the meter's seed and its frame counter,
 * so a run with the same requests misbehaves the same way.
 */
export class FaultPlan {
  private frame = 0

  constructor(
    private readonly spec: EmulatedMeterSpec,
    private readonly latencyMs: readonly [number, number],
  ) {}

  next(answerLength: number): FramePlan {
    const frame = this.frame++
    const { seed, faults = {} } = this.spec
    const [minLatency, maxLatency] = this.latencyMs
    const cuts: number[] = []
    if (faults.fragmentAnswers && answerLength > 2) {
      const first = 1 + (hash32(seed, SALT.fragment, frame) % (answerLength - 1))
      cuts.push(first)
      if (answerLength - first > 1) cuts.push(first + 1 + (hash32(seed, SALT.fragment, frame, 1) % (answerLength - first - 1)))
    }
    return {
      silent: faults.dead === true || unitHash(seed, SALT.faultTimeout, frame) < (faults.timeoutRate ?? 0),
      corrupt: unitHash(seed, SALT.faultCrc, frame) < (faults.crcErrorRate ?? 0),
      delayMs: minLatency + unitHash(seed, SALT.latency, frame) * (maxLatency - minLatency),
      cuts,
      lineTurnNoise: faults.lineTurnNoise ?? [],
    }
  }
}
