import type { EnergyRegisters, InstantValues, MeterProtocol, ProfileRecord, Tariff } from '../meter-values'
import type { LocalDateTime } from '../../../shared/calendar'
import type { TimeOfDay } from '../protocol/mercury230-clock'
import type { RelayState } from '../protocol/mercury206'

export interface MeterInfo {
  serial: string
  manufactured: Date | null
}

/**
 * What the collecting service asks of a meter. Every method rejects with a MeterError subclass
 * (protocol/errors.ts). Optional methods exist only where the meter model can do it: the power
 * profile on the Mercury 230 family, the load relay on the Mercury 206.
 */
export interface MeterDriver {
  readonly protocol: MeterProtocol
  /** Connects and, where the protocol has one, opens the session with the password. */
  open(): Promise<void>
  /** Ends the session and the connection; never rejects. */
  close(): Promise<void>
  readInfo(): Promise<MeterInfo>
  /** Accumulated energy since reset, kWh / kvarh; tariff 0 is the total. */
  readEnergy(tariff: Tariff): Promise<EnergyRegisters>
  readInstant(): Promise<InstantValues>
  /** Impulses per kWh (A) as the meter reports it; where the model has a profile. */
  readMeterConstant?(): Promise<number>
  /**
   * One record per interval starting in [from, to), oldest first, each handed to `onRecord` as soon as it is read (a
   * read cut short keeps what came before); counts converted at `meterConstant` impulses per kWh.
   */
  readProfile?(from: Date, to: Date, meterConstant: number, onRecord: (record: ProfileRecord) => void): Promise<void>
  /** Switches the consumer's supply on or off; what the meter says its relay does afterwards. */
  setRelay?(on: boolean): Promise<RelayState>
  /** The meter's wall clock, in the zone the meter keeps (Mercury 230 and 206). */
  readClock?(): Promise<{ local: LocalDateTime }>
  /** Sets the meter's time of day within the protocol's limits (Mercury 230: ±4 minutes, once a day, level 1 or 2). */
  correctClock?(to: TimeOfDay): Promise<void>
  /** Why the meter cannot take a correction over this link (a Mercury 230 asked at the universal address 0); absent when it can. */
  readonly clockUncorrectable?: string
}
