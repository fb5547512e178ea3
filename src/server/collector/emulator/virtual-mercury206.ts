import { instantValues, registerReading } from '../load-model'
import {
  COMMAND,
  RELAY,
  TARIFF_COUNT,
  clockAnswer,
  energyAnswer,
  instantAnswer,
  relayAnswer,
  relayStateAnswer,
  serialAnswer,
  type Mercury206Request,
} from '../protocol/mercury206'
import { toZonedParts, weekdayOf } from '../meter-time'
import { DEFAULT_TIME_ZONE } from '../../../shared/metering'
import { DriftingClock } from './drifting-clock'
import type { EmulatedMeterSpec } from './meter-spec'

const TARIFFS = [1, 2, 3, 4] as const

/**
 * A Mercury 206 on the load model, with the spec's drifting clock and a load relay: while the consumer is switched off the
 * current and power read zero and the registers stand still (the energy the model would have
 * used meanwhile is subtracted from then on).
 */
export class VirtualMercury206 {
  private offSince: Date | null = null
  /** The RELE byte last set by 71, as 6D reads it. */
  private rele: number = RELAY.on
  /** kWh per tariff the consumer did not get while switched off. */
  private readonly withheldKwh = new Array<number>(TARIFF_COUNT).fill(0)
  private readonly clock: DriftingClock

  constructor(readonly spec: EmulatedMeterSpec) {
    this.clock = new DriftingClock(spec.clock)
  }

  private modelKwh(at: Date): number[] {
    return TARIFFS.map((tariff) => registerReading(this.spec.seed, this.spec.consumerType, at, tariff).aPlus)
  }

  private registersKwh(now: Date): number[] {
    const model = this.modelKwh(this.offSince ?? now)
    return model.map((kwh, index) => kwh - this.withheldKwh[index]!)
  }

  /** Null when the meter stays silent: a command it does not know. */
  answer(request: Mercury206Request, now: Date): Uint8Array | null {
    const address = this.spec.address
    switch (request.command) {
      case COMMAND.readEnergy:
        return energyAnswer(address, this.registersKwh(now))
      case COMMAND.readInstant: {
        const phase = instantValues(this.spec.seed, this.spec.consumerType, now).phases.a
        const supplied = this.offSince === null
        return instantAnswer(address, {
          voltage: phase.voltage ?? 0,
          current: supplied ? (phase.current ?? 0) : 0,
          power: supplied ? Math.max(0, phase.activePower ?? 0) : 0,
        })
      }
      case COMMAND.readSerial:
        return serialAnswer(address, address)
      case COMMAND.relay:
        return this.switchRelay(request.data[0], now) ? relayAnswer(address) : null
      case COMMAND.readRelay:
        return relayStateAnswer(address, this.rele)
      case COMMAND.readClock: {
        const local = toZonedParts(new Date(this.clock.at(now.getTime())), this.spec.timeZone ?? DEFAULT_TIME_ZONE)
        // Sunday is 0 to a Mercury 206, 7 to the Mercury 230 weekdayOf counts for.
        return clockAnswer(address, { local, dow: weekdayOf(local) % 7 })
      }
      default:
        return null
    }
  }

  /** AA off, 5A a button press (the relay stays as it is), any other byte on: 55 too, the emulator keeping no limits. */
  private switchRelay(code: number | undefined, now: Date): boolean {
    if (code === undefined) return false
    if (code === RELAY.buttonPress) return true
    this.rele = code
    if (code === RELAY.off) {
      this.offSince ??= now
      return true
    }
    if (this.offSince) {
      const atOff = this.modelKwh(this.offSince)
      this.modelKwh(now).forEach((kwh, index) => {
        this.withheldKwh[index] = this.withheldKwh[index]! + kwh - atOff[index]!
      })
      this.offSince = null
    }
    return true
  }
}
