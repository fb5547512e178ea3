/**
 * Value shapes shared by the load model, the protocol codecs, the drivers and the emulator.
 * Energies are in kWh / kvarh, powers in W / var / VA, as the meter measures them (raw, before
 * the transformer ratios that the database side applies per DESIGN.md section 5).
 */

/** The wire protocols spoken by drivers and the emulator (Mercury 230 family, Mercury 200/206). */
export type MeterProtocol = 'mercury230' | 'mercury206'

/** 0 is the total over all tariffs, 1..4 the tariff registers. */
export type Tariff = 0 | 1 | 2 | 3 | 4

/** The four energy channels of a metering point: active and reactive, import and export. */
export interface EnergyChannels {
  aPlus: number
  aMinus: number
  rPlus: number
  rMinus: number
}

/** What a meter returns for its registers: a channel it does not measure is null. */
export type EnergyRegisters = { [K in keyof EnergyChannels]: number | null }

export interface PhaseValues {
  voltage: number | null
  current: number | null
  activePower: number | null
  reactivePower: number | null
  apparentPower: number | null
  cosPhi: number | null
  /** Angle from this phase's voltage to the next one's (A→B, B→C, C→A), degrees. */
  angle: number | null
}

/** A phase the meter does not have or does not report. */
export const ABSENT_PHASE: Readonly<PhaseValues> = {
  voltage: null,
  current: null,
  activePower: null,
  reactivePower: null,
  apparentPower: null,
  cosPhi: null,
  angle: null,
}

interface TotalPower {
  activePower: number | null
  reactivePower: number | null
  apparentPower: number | null
  cosPhi: number | null
}

/** The instantaneous quantities a meter is asked for one by one; a meter may lack some (an active-only model). */
export type InstantQuantity = 'activePower' | 'reactivePower' | 'apparentPower' | 'voltage' | 'current' | 'cosPhi' | 'frequency' | 'angles'

export interface InstantValues {
  phases: { a: PhaseValues; b: PhaseValues; c: PhaseValues }
  total: TotalPower
  frequency: number | null
  /** The quantities the meter refused: their values above are null. */
  refused: InstantQuantity[]
}

/** One interval of a power profile, as energies over the interval. */
export interface ProfileRecord {
  start: Date
  minutes: number
  /** Per channel: null where the meter holds no value (no record for the interval, or the channel not measured). */
  energy: EnergyRegisters
  /** The meter flagged the interval incomplete: it lost power or its clock was set during it. */
  incomplete: boolean
}
