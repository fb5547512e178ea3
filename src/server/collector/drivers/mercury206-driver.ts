import { ABSENT_PHASE, type EnergyRegisters, type InstantValues, type Tariff } from '../meter-values'
import {
  COMMAND,
  answerLength,
  clockRequest,
  decodeClockAnswer,
  decodeEnergyAnswer,
  decodeInstantAnswer,
  decodeRelayAnswer,
  decodeRelayStateAnswer,
  decodeSerialAnswer,
  energyRequest,
  instantRequest,
  relayRequest,
  relayStateRequest,
  serialRequest,
  type Mercury206Clock,
  type RelayState,
} from '../protocol/mercury206'
import type { MeterDriver, MeterInfo } from './meter-driver'
import { LinkedDriver } from './linked-driver'

/**
 * Mercury 200/206 over a TCP converter; see protocol/mercury206.ts. The protocol has no session,
 * so opening checks that the meter answers by reading its serial number.
 */
export class Mercury206Driver extends LinkedDriver implements MeterDriver {
  readonly protocol = 'mercury206'

  protected greet(): Promise<MeterInfo> {
    return this.readInfo()
  }

  async readInfo(): Promise<MeterInfo> {
    const serial = await this.call(serialRequest(this.address), COMMAND.readSerial, (answer) => decodeSerialAnswer(answer, this.address))
    return { serial: String(serial), manufactured: null }
  }

  /** The meter counts active import only, per tariff; the total is their sum. */
  async readEnergy(tariff: Tariff): Promise<EnergyRegisters> {
    const tariffs = await this.call(energyRequest(this.address), COMMAND.readEnergy, (answer) => decodeEnergyAnswer(answer, this.address))
    const aPlus = tariff === 0 ? Math.round(tariffs.reduce((sum, kwh) => sum + kwh * 100, 0)) / 100 : tariffs[tariff - 1]!
    return { aPlus, aMinus: null, rPlus: null, rMinus: null }
  }

  async readInstant(): Promise<InstantValues> {
    const values = await this.call(instantRequest(this.address), COMMAND.readInstant, (answer) => decodeInstantAnswer(answer, this.address))
    return {
      phases: {
        a: { ...ABSENT_PHASE, voltage: values.voltage, current: values.current, activePower: values.power },
        b: { ...ABSENT_PHASE },
        c: { ...ABSENT_PHASE },
      },
      total: { activePower: values.power, reactivePower: null, apparentPower: null, cosPhi: null },
      frequency: null,
      refused: [],
    }
  }

  /** Switches, then reads the mode back (6D): the meter echoes 71 whatever it did with the byte. */
  async setRelay(on: boolean): Promise<RelayState> {
    await this.call(relayRequest(this.address, on), COMMAND.relay, (answer) => decodeRelayAnswer(answer, this.address))
    return this.call(relayStateRequest(this.address), COMMAND.readRelay, (answer) => decodeRelayStateAnswer(answer, this.address))
  }

  /** For the drift only: the collector does not correct a Mercury 206 clock (docs/collector-protocols.md). */
  readClock(): Promise<Mercury206Clock> {
    return this.call(clockRequest(this.address), COMMAND.readClock, (answer) => decodeClockAnswer(answer, this.address))
  }

  private call<T>(request: Uint8Array, command: number, decode: (answer: Uint8Array) => T): Promise<T> {
    const expected = answerLength(command)
    return this.exchange(request, (received) => (received.length >= expected ? expected : undefined), decode)
  }
}
