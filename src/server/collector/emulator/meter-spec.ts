import type { ConsumerType } from '../consumer-profiles'
import type { MeterProtocol } from '../meter-values'
import type { PasswordMode } from '../protocol/mercury230'

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
  /**
   * Bytes put ahead of every answer, as an RS-485 adapter slow to turn the line round from sending to receiving does
   * (00, sometimes FF: eModbus #308 and #40, minimalmodbus #61, libmodbus #14).
   */
  lineTurnNoise?: readonly number[]
}

export interface EmulatedMeterSpec {
  protocol: MeterProtocol
  /** Mercury 230: net address 1..240; Mercury 206: the serial number used as its address. */
  address: number
  consumerType: ConsumerType
  /** Seed of the load model: the meter's registers are the model's readings for it. */
  seed: number
  /** Mercury 230 serial number, eight digits; derived from the seed when absent. */
  serial?: string
  /** Mercury 230 impulses per kWh (A), answered in 08 12 and scaling its profile cells; 5000 when absent. */
  meterConstant?: number
  /** Mercury 230 measuring active import only: FF in its A- register and profile cells; R- it measures (manual p.58, p.96). */
  oneDirection?: boolean
  /** Mercury 230 passwords; the factory 111111 / 222222 when absent. */
  passwords?: { user: string; admin: string }
  /** How the Mercury 230 compares its passwords: digit values (the factory form without «D») or ASCII codes (with «D»). */
  passwordMode?: PasswordMode
  /**
   * Mercury 230 without power from `from` (an interval's boundary) for `hours`: it writes no profile
   * records for those intervals, its registers stand still, and it flags the first record after them incomplete (the
   * power came back a few minutes into that interval). `slots: 'kept'`: the record address moves on through the outage (manual
   * p.96) and its slots keep the last lap's records (a meter without `profileDays` has filled its ring) or read FF.
   */
  outage?: { from: Date; hours: number; slots?: 'skipped' | 'kept' }
  /**
   * Mercury 230 whose clock fell back to 2000-01-01 at `from` (a dead battery) and was set right `hours` later: the profile
   * records of those hours carry the reset clock's times.
   */
  clockReset?: { from: Date; hours: number }
  /**
   * Mercury 230 whose date was set `days` off (−1: a day back) at `from` and set right `hours` later: the profile records
   * of those hours carry dates that many days off, out of order among the records around them.
   */
  dateShift?: { from: Date; hours: number; days: number }
  /** Days kept in the Mercury 230 profile memory, at most what its ring holds (4096 records: 85 days of half-hours). */
  profileDays?: number
  /**
   * Mercury 230 memory 3: 65x8 (4096 records, when absent) or 131x8 (8192 records, flagged in bit 7 of the variant's 4th
   * byte, addresses above 0xFFFF read with the 17th bit in the memory byte, 06 83).
   */
  profileMemory?: '65x8' | '131x8'
  /**
   * What the Mercury 230 08 13 address counts: bytes (when absent; without the 17th bit in a 131x8 memory), as the meters
   * captured in the field answer, or 16-byte records, as the manual's example (p.79) reads.
   */
  profileAddressUnit?: 'bytes' | 'records'
  /** Mercury 230 integration time of the profile in minutes (T in 08 13 and in every record); 30 when absent. */
  profileMinutes?: 30 | 60
  /**
   * Mercury 230 firmware without some auxiliary values: these BWRI codes of 08 16 and 08 11 (0x51, say, the angles
   * between the phase voltages) are refused with status 1, invalid command, left unanswered when `silent`, or answered
   * with one value more than asked for when `oneValueMore` (its answer is longer than the request's, every time).
   */
  lacksAux?: { bwri: number[]; silent?: boolean; oneValueMore?: boolean }
  faults?: MeterFaults
  /**
   * The meter's clock: `offsetS` off at the first request, gaining `driftSPerDay` a day from then; exact when absent.
   * Mercury 230 `correctedByHand`: corrected by a hand-held terminal on the day of the first correction asked, which it refuses.
   */
  clock?: { offsetS?: number; driftSPerDay?: number; correctedByHand?: boolean }
  /** The zone the meter keeps its clock in; Europe/Moscow when absent. */
  timeZone?: string
}
