import type { ConsumerType } from '../consumer-profiles'
import type { MeterProtocol } from '../meter-values'

/** Deterministic misbehaviour of one emulated meter; rates are shares of its frames. */
export interface MeterFaults {
  /** Never answers anything. */
  dead?: boolean
  /** Share of requests left without an answer. */
  timeoutRate?: number
  /** Share of answers sent with a damaged checksum. */
  crcErrorRate?: number
  /** Answers leave in several TCP chunks, as some RS-485 converters send them. */
  fragmentAnswers?: boolean
}

export interface EmulatedMeterSpec {
  protocol: MeterProtocol
  /** Mercury 230: net address 1..247; Mercury 206: the serial number used as its address. */
  address: number
  consumerType: ConsumerType
  /** Seed of the load model: the meter's registers are the model's readings for it. */
  seed: number
  /** Mercury 230 serial number, eight digits; derived from the seed when absent. */
  serial?: string
  /** Mercury 230 impulses per kWh (A), scales its profile cells; 5000 when absent. */
  meterConstant?: number
  /** Mercury 230 passwords; the factory 111111 / 222222 when absent. */
  passwords?: { user: string; admin: string }
  /** Days of half-hours kept in the Mercury 230 profile memory, at most 85 (the ring). */
  profileDays?: number
  faults?: MeterFaults
  /** Mercury 230 clock: `offsetS` off at the first request, gaining `driftSPerDay` a day from then; exact when absent. */
  clock?: { offsetS?: number; driftSPerDay?: number }
  /** The zone the meter keeps its clock in; Europe/Moscow when absent. */
  timeZone?: string
}
