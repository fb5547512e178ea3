import { halfHourEnergy, instantValues, isMissingInterval, registerReading } from '../load-model'
import type { EnergyChannels, EnergyRegisters, InstantValues, Tariff } from '../meter-values'
import { HALF_HOUR_MS, fromMoscowParts } from '../moscow-time'
import {
  DEFAULT_METER_CONSTANT,
  DEFAULT_PASSWORDS,
  ENERGY_SINCE_RESET,
  PARAMETER,
  PROFILE_MEMORY,
  PROFILE_RECORD_STRIDE,
  PROFILE_RING_RECORDS,
  PROFILE_RING_RECORDS_131K,
  PROFILE_STATUS_INCOMPLETE,
  STATUS,
  auxAnswer,
  encodeProfileRecord,
  energyAnswer,
  lastProfileRecordAnswer,
  meterConstantAnswer,
  passwordBytes,
  profileMemoryAnswer,
  serialAnswer,
  statusAnswer,
  type Mercury230Request,
} from '../protocol/mercury230'
import { CLOCK_CORRECTION_MAX_S, clockAnswer, type TimeOfDay } from '../protocol/mercury230-clock'
import { toZonedParts, weekdayOf } from '../meter-time'
import { DEFAULT_TIME_ZONE } from '../../../shared/metering'
import { hash32 } from '../seeded-random'
import { withCrc } from '../protocol/crc16'
import type { EmulatedMeterSpec } from './meter-spec'
import { DriftingClock } from './drifting-clock'
import { ProfileRing } from './profile-ring'

/** A Mercury 230 closes a channel left idle this long. */
const CHANNEL_IDLE_MS = 240_000
const RECORD_PADDING = 0xff
const CLOCK_RESET_TO = Date.UTC(2000, 0, 1)
const DAY_MS = 86_400_000
const NO_RECORD: EnergyRegisters = { aPlus: null, aMinus: null, rPlus: null, rMinus: null }

/** A Mercury 230 whose registers, phase values and profile memory come from the load model. */
export class VirtualMercury230 {
  private channelLevel = 0
  private lastRequestMs = Number.NEGATIVE_INFINITY
  private readonly meterConstant: number
  private readonly passwords: { user: string; admin: string }
  private readonly profileIntervals: number
  private readonly profileMinutes: number
  private readonly serial: string
  private readonly manufactured: Date
  private readonly timeZone: string
  private readonly clock: DriftingClock
  private clockCorrectedOn = ''
  /** Intervals (by end) a correction was made in: their records are flagged incomplete (manual p.16, note 4). */
  private readonly correctedIntervals = new Set<number>()
  private readonly ring: ProfileRing

  constructor(readonly spec: EmulatedMeterSpec) {
    this.meterConstant = spec.meterConstant ?? DEFAULT_METER_CONSTANT
    this.passwords = spec.passwords ?? { user: DEFAULT_PASSWORDS[1], admin: DEFAULT_PASSWORDS[2] }
    this.profileMinutes = spec.profileMinutes ?? 30
    const perDay = (24 * 60) / this.profileMinutes
    const ringRecords = spec.profileMemory === '131x8' ? PROFILE_RING_RECORDS_131K : PROFILE_RING_RECORDS
    this.profileIntervals = Math.min((spec.profileDays ?? Infinity) * perDay, Math.floor(ringRecords / perDay) * perDay)
    this.serial = spec.serial ?? String(10_000_000 + (hash32(spec.seed) % 90_000_000))
    this.timeZone = spec.timeZone ?? DEFAULT_TIME_ZONE
    this.clock = new DriftingClock(spec.clock)
    this.ring = new ProfileRing(spec.outage, this.profileMinutes * 60_000, ringRecords)
    this.manufactured = fromMoscowParts({ year: 2019 + (spec.seed % 5), month: 1 + (spec.seed % 12), day: 1 + (spec.seed % 28), hour: 0, minute: 0, second: 0 })
  }

  private get address(): number {
    return this.spec.address
  }

  /**
   * The answer to a request; null leaves it unanswered. Asked at the universal address 0, a meter with an address of its
   * own answers from 0 and ignores writes (manual §1.5.2, §1.5.4.1, §3.2).
   */
  answer(request: Mercury230Request, now: Date, address = this.address): Uint8Array | null {
    if (address !== this.address) {
      if (request.kind === 'correctClock') return null
      const own = this.answer(request, now)
      return own && withCrc([address, ...own.subarray(1, own.length - 2)])
    }
    const nowMs = now.getTime()
    if (nowMs - this.lastRequestMs > CHANNEL_IDLE_MS) this.channelLevel = 0
    this.lastRequestMs = nowMs
    const lacks = this.spec.lacksAux
    if (lacks?.silent && request.kind === 'readAux' && lacks.bwri.includes(request.bwri)) return null
    switch (request.kind) {
      case 'test':
        return statusAnswer(this.address, STATUS.ok)
      case 'openChannel':
        return this.openChannel(request.level, request.password)
      case 'closeChannel':
        this.channelLevel = 0
        return statusAnswer(this.address, STATUS.ok)
      default:
        if (this.channelLevel === 0) return statusAnswer(this.address, STATUS.channelNotOpen)
        return this.read(request, now) ?? statusAnswer(this.address, STATUS.invalidCommand)
    }
  }

  private openChannel(level: number, password: number[]): Uint8Array {
    if (level !== 1 && level !== 2) return statusAnswer(this.address, STATUS.invalidCommand)
    const expected = passwordBytes(level === 1 ? this.passwords.user : this.passwords.admin, this.spec.passwordMode ?? 'digits')
    // A wrong password leaves the channel closed, whatever was open before.
    this.channelLevel = expected.every((byte, index) => byte === password[index]) ? level : 0
    return statusAnswer(this.address, this.channelLevel === 0 ? STATUS.accessDenied : STATUS.ok)
  }

  /** Null for a request this meter does not support. */
  private read(request: Mercury230Request, now: Date): Uint8Array | null {
    switch (request.kind) {
      case 'readEnergy': {
        if (request.array !== ENERGY_SINCE_RESET || request.tariff > 4) return null
        const kwh = this.registers(now, request.tariff as Tariff)
        return energyAnswer(this.address, {
          aPlus: kwh.aPlus * 1000,
          aMinus: this.spec.oneDirection ? null : kwh.aMinus * 1000,
          rPlus: kwh.rPlus * 1000,
          rMinus: kwh.rMinus * 1000,
        })
      }
      case 'readAux': {
        const values = auxValues(instantValues(this.spec.seed, this.spec.consumerType, now), request.bwri)
        const lacks = this.spec.lacksAux
        if (lacks?.bwri.includes(request.bwri)) return lacks.oneValueMore && values ? auxAnswer(this.address, request.bwri, [...values.all, 0]) : null
        if (!values) return null
        if (request.parameter === PARAMETER.allPhases) return auxAnswer(this.address, request.bwri, values.all)
        const single = values.byPhase[request.bwri & 0x03]
        return single === undefined ? null : auxAnswer(this.address, request.bwri, [single])
      }
      case 'readSerial':
        return serialAnswer(this.address, { serial: this.serial, manufactured: this.manufactured })
      case 'readVariant':
        return meterConstantAnswer(this.address, this.meterConstant, this.spec.profileMemory === '131x8')
      case 'readLastProfileRecord': {
        const lastEnd = this.ring.lastEnd(now)
        const slot = this.ring.recordNumber(lastEnd) % this.ring.records
        return lastProfileRecordAnswer(
          this.address,
          {
            memoryAddress: this.spec.profileAddressUnit === 'records' ? slot : (slot * PROFILE_RECORD_STRIDE) & 0xffff,
            status: this.recordStatus(lastEnd),
            end: this.intervalEnd(lastEnd),
            minutes: this.profileMinutes,
          },
          this.timeZone,
        )
      }
      case 'readClock': {
        const local = toZonedParts(new Date(this.clock.at(now.getTime())), this.timeZone)
        return clockAnswer(this.address, { local, weekday: weekdayOf(local), winter: true })
      }
      case 'correctClock':
        return statusAnswer(this.address, this.correctClock(request.to, now.getTime()))
      case 'readMemory':
        return request.memory === PROFILE_MEMORY ? profileMemoryAnswer(this.address, this.profileBytes(request.memoryAddress, request.length, now)) : null
      default:
        return null
    }
  }

  /** 03 0D as the meter honours it: at level 1 or 2 (manual p.24, §3.11), once per local day, within ±4 minutes of its own time. */
  private correctClock(to: TimeOfDay | null, nowMs: number): number {
    if (!to) return STATUS.invalidCommand
    const local = toZonedParts(new Date(this.clock.at(nowMs)), this.timeZone)
    const day = `${local.year}-${local.month}-${local.day}`
    if (this.spec.clock?.correctedByHand && this.clockCorrectedOn === '') this.clockCorrectedOn = day
    if (this.clockCorrectedOn === day) return STATUS.clockCorrected
    const deltaS = to.hour * 3600 + to.minute * 60 + to.second - (local.hour * 3600 + local.minute * 60 + local.second)
    if (Math.abs(deltaS) > CLOCK_CORRECTION_MAX_S) return STATUS.invalidCommand
    this.clock.move(deltaS * 1000)
    this.clockCorrectedOn = day
    this.correctedIntervals.add(Math.floor(nowMs / (this.profileMinutes * 60_000)) + 1)
    return STATUS.ok
  }

  /**
   * Memory 3 as a ring of 16-byte records, slot = record number mod the ring's records (one record per interval the
   * meter had power for); slots older than the kept days read as never written (FF).
   */
  private profileBytes(memoryAddress: number, length: number, now: Date): Uint8Array {
    const lastEnd = this.ring.lastEnd(now)
    const bytes = new Uint8Array(length)
    let slot = -1
    let record: Uint8Array = new Uint8Array(0)
    for (let i = 0; i < length; i++) {
      const address = (memoryAddress + i) % (this.ring.records * PROFILE_RECORD_STRIDE)
      const wantedSlot = Math.floor(address / PROFILE_RECORD_STRIDE)
      if (wantedSlot !== slot) {
        slot = wantedSlot
        record = this.profileSlot(slot, lastEnd)
      }
      bytes[i] = record[address % PROFILE_RECORD_STRIDE]!
    }
    return bytes
  }

  private profileSlot(slot: number, lastEnd: number): Uint8Array {
    const record = new Uint8Array(PROFILE_RECORD_STRIDE).fill(RECORD_PADDING)
    let endIndex = this.ring.endAt(slot, lastEnd)
    if (this.ring.inOutage(endIndex)) {
      // A slot the meter had no power to write keeps its record of the last lap, if the ring had gone round.
      if (this.spec.profileDays !== undefined) return record
      endIndex -= this.ring.records
    } else if (this.ring.recordsBack(endIndex, lastEnd) >= this.profileIntervals) return record
    const cell = { status: this.recordStatus(endIndex), end: this.stampedEnd(endIndex), minutes: this.profileMinutes, energy: this.intervalEnergy(endIndex) }
    record.set(encodeProfileRecord(cell, this.meterConstant, this.timeZone))
    return record
  }

  /** The load model's registers, which stood still while the meter had no power: it counts nothing then. */
  private registers(now: Date, tariff: Tariff): EnergyChannels {
    const at = (time: number) => registerReading(this.spec.seed, this.spec.consumerType, new Date(time), tariff)
    const total = at(now.getTime())
    const outage = this.spec.outage
    if (!outage || now <= outage.from) return total
    const from = at(outage.from.getTime())
    const to = at(Math.min(now.getTime(), outage.from.getTime() + outage.hours * 3_600_000))
    const frozen = (channel: keyof EnergyChannels) => total[channel] - (to[channel] - from[channel])
    return { aPlus: frozen('aPlus'), aMinus: frozen('aMinus'), rPlus: frozen('rPlus'), rMinus: frozen('rMinus') }
  }

  private recordStatus(endIndex: number): number {
    return this.ring.isFirstAfterOutage(endIndex) || this.correctedIntervals.has(endIndex) ? PROFILE_STATUS_INCOMPLETE : 0
  }

  private intervalEnd(endIndex: number): Date {
    return new Date(endIndex * this.profileMinutes * 60_000)
  }

  /** The end the record is stamped with: counted from 2000-01-01 in the hours of a clock reset, days off in those of a date set wrong. */
  private stampedEnd(endIndex: number): Date {
    const end = this.intervalEnd(endIndex)
    const { clockReset, dateShift } = this.spec
    if (clockReset && within(end, clockReset)) return new Date(CLOCK_RESET_TO + end.getTime() - clockReset.from.getTime())
    if (dateShift && within(end, dateShift)) return new Date(end.getTime() + dateShift.days * DAY_MS)
    return end
  }

  /**
   * The load model's half-hours summed over the interval; FF FF in every cell when one of them is a deliberate gap, in
   * A- for a one-direction meter.
   */
  private intervalEnergy(endIndex: number): EnergyRegisters {
    const end = this.intervalEnd(endIndex).getTime()
    const halves: Date[] = []
    for (let start = end - this.profileMinutes * 60_000; start < end; start += HALF_HOUR_MS) halves.push(new Date(start))
    if (halves.some((start) => isMissingInterval(this.spec.seed, start))) return NO_RECORD
    const energies = halves.map((start) => halfHourEnergy(this.spec.seed, this.spec.consumerType, start))
    const sum = (channel: keyof EnergyRegisters) => energies.reduce((total, energy) => total + energy[channel], 0)
    return {
      aPlus: sum('aPlus'),
      aMinus: this.spec.oneDirection ? null : sum('aMinus'),
      rPlus: sum('rPlus'),
      rMinus: sum('rMinus'),
    }
  }
}

/** Whether an interval ending at `end` lies in the `hours` from `from`. */
function within(end: Date, span: { from: Date; hours: number }): boolean {
  return end > span.from && end.getTime() <= span.from.getTime() + span.hours * 3_600_000
}

/**
 * Values of an 08 16 answer for a BWRI code (`all`), and the value an 08 11 request picks by the
 * code's low bits (`byPhase`, 0 being the sum where the quantity has one).
 */
function auxValues(values: InstantValues, bwri: number): { all: number[]; byPhase: Record<number, number> } | null {
  const { a, b, c } = values.phases
  const phases = [a, b, c]
  const perPhase = (pick: (phase: typeof a) => number | null) => phases.map((phase) => pick(phase) ?? 0)
  const withSum = (sum: number | null, pick: (phase: typeof a) => number | null) => {
    const all = [sum ?? 0, ...perPhase(pick)]
    return { all, byPhase: { 0: all[0]!, 1: all[1]!, 2: all[2]!, 3: all[3]! } }
  }
  const phasesOnly = (all: number[]) => ({ all, byPhase: { 1: all[0]!, 2: all[1]!, 3: all[2]! } })
  switch (bwri >> 4) {
    case 0x0:
      switch ((bwri >> 2) & 0x03) {
        case 0:
          return withSum(values.total.activePower, (phase) => phase.activePower)
        case 1:
          return withSum(values.total.reactivePower, (phase) => phase.reactivePower)
        case 2:
          return withSum(values.total.apparentPower, (phase) => phase.apparentPower)
        default:
          return null
      }
    case 0x1:
      return phasesOnly(perPhase((phase) => phase.voltage))
    case 0x2:
      return phasesOnly(perPhase((phase) => phase.current))
    case 0x3:
      return withSum(values.total.cosPhi, (phase) => phase.cosPhi)
    case 0x4: {
      const frequency = values.frequency ?? 0
      return { all: [frequency], byPhase: { 0: frequency, 1: frequency, 2: frequency, 3: frequency } }
    }
    case 0x5: {
      // Angles 1-2, 1-3, 2-3 from the per-phase angles to the next phase.
      const [toB, toC] = [a.angle ?? 0, b.angle ?? 0]
      return phasesOnly([toB, toB + toC, toC])
    }
    default:
      return null
  }
}
