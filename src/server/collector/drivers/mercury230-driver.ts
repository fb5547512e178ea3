import type { EnergyRegisters, InstantQuantity, InstantValues, PhaseValues, ProfileRecord, Tariff } from '../meter-values'
import { MERCURY230_MAX_NET_ADDRESS } from '../../../shared/validation/conn-params'
import { MeterChannelNotOpenError, MeterConfigError, MeterFrameError, MeterProfileAddressError, MeterStatusError, MeterTimeoutError } from '../protocol/errors'
import {
  BWRI,
  PROFILE_RECORD_STRIDE,
  PROFILE_RING_RECORDS,
  PROFILE_RING_RECORDS_131K,
  answerBoundary,
  auxRequest,
  closeChannelRequest,
  decodeAuxAnswer,
  decodeEnergyAnswer,
  decodeLastProfileRecordAnswer,
  decodeProfileMemoryAnswer,
  decodeProfileRecord,
  decodeSerialAnswer,
  decodeStatusAnswer,
  decodeTestAnswer,
  decodeVariantAnswer,
  energyRequest,
  lastProfileRecordRequest,
  openChannelRequest,
  profileMemoryRequest,
  serialRequest,
  testChannelRequest,
  variantRequest,
  type LastProfileRecord,
  type ProfileCell,
} from '../protocol/mercury230'
import { correctClockRequest, decodeClockAnswer, readClockRequest, type MeterClockReading, type TimeOfDay } from '../protocol/mercury230-clock'
import type { ConnectionSettings } from './connection-settings'
import type { MeterDriver, MeterInfo } from './meter-driver'
import { LinkedDriver } from './linked-driver'
import { walkProfile } from './profile-walk'
import type { Exchange } from './meter-link'
import { T } from '../../../shared/texts'

/** Mercury 230/231/234/236 over a TCP converter; see protocol/mercury230.ts for the frames. */
export class Mercury230Driver extends LinkedDriver implements MeterDriver {
  readonly protocol = 'mercury230'
  /** Memory 3 is 131x8, as the variant read last said; a poll reads the variant before the profile. */
  private largeProfileMemory = false

  constructor(
    settings: ConnectionSettings,
    private readonly timeZone: string,
  ) {
    super(settings)
    if (settings.netAddress > MERCURY230_MAX_NET_ADDRESS) throw new MeterConfigError('net_address', T.poll.mercury230Address)
  }

  /** Answers do not repeat their request; a status frame (4 bytes) is the one answer no other can be taken for. */
  protected override stepCheck(): Exchange<unknown> {
    const request = testChannelRequest(this.address)
    return { request, boundary: answerBoundary(request), decode: (answer) => decodeTestAnswer(answer, this.address) }
  }

  protected async greet(): Promise<void> {
    await this.call(testChannelRequest(this.address), (answer) => decodeTestAnswer(answer, this.address))
    await this.openChannel()
  }

  protected override async shutDown(): Promise<void> {
    const link = this.link
    if (!link) return
    this.link = undefined
    const request = closeChannelRequest(this.address)
    try {
      await link.call(request, answerBoundary(request), (answer) => decodeStatusAnswer(answer, this.address))
    } catch {
      // Nothing to do about it: the meter closes an idle channel by itself after a few minutes.
    } finally {
      link.close()
    }
  }

  readInfo(): Promise<MeterInfo> {
    return this.read(serialRequest(this.address), (answer) => decodeSerialAnswer(answer, this.address))
  }

  readEnergy(tariff: Tariff): Promise<EnergyRegisters> {
    return this.read(energyRequest(this.address, tariff), (answer) => decodeEnergyAnswer(answer, this.address))
  }

  /**
   * Each quantity is asked for on its own. One the meter refuses (an active-only model has no reactive power, older
   * firmware no angles) is null and named in `refused`; a refusal of them all refuses the group. A meter that does not
   * answer fails the group: it may be gone, and asking for the rest would cost a timeout each.
   */
  async readInstant(): Promise<InstantValues> {
    const refused: InstantQuantity[] = []
    let refusal: MeterStatusError | undefined
    const aux = async (quantity: InstantQuantity): Promise<number[]> => {
      const bwri = BWRI[quantity]
      try {
        return await this.read(auxRequest(this.address, bwri), (answer) => decodeAuxAnswer(answer, this.address, bwri))
      } catch (error) {
        if (!(error instanceof MeterStatusError)) throw error
        refused.push(quantity)
        refusal = error
        return []
      }
    }
    const active = await aux('activePower')
    const reactive = await aux('reactivePower')
    const apparent = await aux('apparentPower')
    const voltage = await aux('voltage')
    const current = await aux('current')
    const cosPhi = await aux('cosPhi')
    const [frequency] = await aux('frequency')
    const [angle12, angle13, angle23] = await aux('angles')
    if (refusal && refused.length === Object.keys(BWRI).length) throw refusal
    // The meter gives angles 1-2, 1-3, 2-3; per phase we keep the angle to the next phase.
    const angles = angle13 === undefined ? [] : [angle12, angle23, 360 - angle13]
    const phase = (index: number): PhaseValues => ({
      voltage: voltage[index] ?? null,
      current: current[index] ?? null,
      activePower: active[index + 1] ?? null,
      reactivePower: reactive[index + 1] ?? null,
      apparentPower: apparent[index + 1] ?? null,
      cosPhi: cosPhi[index + 1] ?? null,
      angle: angles[index] ?? null,
    })
    return {
      phases: { a: phase(0), b: phase(1), c: phase(2) },
      total: { activePower: active[0] ?? null, reactivePower: reactive[0] ?? null, apparentPower: apparent[0] ?? null, cosPhi: cosPhi[0] ?? null },
      frequency: frequency ?? null,
      refused,
    }
  }

  /** The constant A the meter reports in its variant; a meter that keeps silent or refuses is asked the older way. */
  async readMeterConstant(): Promise<number> {
    const decode = (answer: Uint8Array) => decodeVariantAnswer(answer, this.address)
    let variant
    try {
      variant = await this.read(variantRequest(this.address), decode)
    } catch (error) {
      if (!(error instanceof MeterStatusError || error instanceof MeterTimeoutError)) throw error
      variant = await this.read(variantRequest(this.address, 'old'), decode)
    }
    this.largeProfileMemory = variant.largeProfileMemory
    return variant.meterConstant
  }

  /** The profile walk of `profile-walk.ts`, one 16-byte slot of memory 3 a request, counted back from the last record (08 13). */
  async readProfile(from: Date, to: Date, meterConstant: number, onRecord: (record: ProfileRecord) => void): Promise<void> {
    const last = await this.read(lastProfileRecordRequest(this.address), (answer) => decodeLastProfileRecordAnswer(answer, this.address, this.timeZone))
    const ringRecords = this.largeProfileMemory ? PROFILE_RING_RECORDS_131K : PROFILE_RING_RECORDS
    const ringBytes = ringRecords * PROFILE_RECORD_STRIDE
    const readAt = async (memoryAddress: number) => {
      const payload = await this.read(profileMemoryRequest(this.address, memoryAddress), (answer) => decodeProfileMemoryAnswer(answer, this.address))
      return this.profileCell(payload, meterConstant)
    }
    const newest = await this.lastRecordSlot(last, ringBytes, readAt)
    const readSlot = (back: number) =>
      back === 0 ? Promise.resolve(newest.cell) : readAt((((newest.memoryAddress - back * PROFILE_RECORD_STRIDE) % ringBytes) + ringBytes) % ringBytes)
    await walkProfile(readSlot, last, from, to, onRecord, ringRecords)
  }

  /**
   * Where the last record lies. The 08 13 address counts bytes in the answers captured in the field (Moisha/GMIO's
   * 31 FD 20 …: as records, 64800 would lie outside any ring) and 16-byte records in the manual (p.79: 00 01 is 0x0010);
   * the 17th bit of a 131x8 memory is in neither. The record there must carry the time 08 13 gives: each reading is
   * tried until one does, and a meter none fits fails the profile rather than walk other records than the meter's.
   */
  private async lastRecordSlot(
    last: LastProfileRecord,
    ringBytes: number,
    readAt: (memoryAddress: number) => Promise<ProfileCell | null | undefined>,
  ): Promise<{ memoryAddress: number; cell: ProfileCell }> {
    const asBytes = last.memoryAddress % PROFILE_RECORD_STRIDE === 0 ? [last.memoryAddress, last.memoryAddress + 0x10000] : []
    const candidates = new Set([asBytes[0], (last.memoryAddress * PROFILE_RECORD_STRIDE) % ringBytes, asBytes[1]])
    for (const memoryAddress of candidates) {
      if (memoryAddress === undefined || memoryAddress >= ringBytes) continue
      const cell = await readAt(memoryAddress)
      if (cell && cell.end.getTime() === last.end.getTime()) return { memoryAddress, cell }
    }
    throw new MeterProfileAddressError(last.memoryAddress)
  }

  readClock(): Promise<MeterClockReading> {
    return this.read(readClockRequest(this.address), (answer) => decodeClockAnswer(answer, this.address))
  }

  /** At the universal address 0 the meter answers reads but ignores writes (manual §1.5.2, §1.5.4.1): 03 0D would time out. */
  get clockUncorrectable(): string | undefined {
    return this.address === 0 ? T.poll.universalAddressWrites : undefined
  }

  correctClock(to: TimeOfDay): Promise<void> {
    return this.read(correctClockRequest(this.address, to), (answer) => decodeStatusAnswer(answer, this.address))
  }

  /** Undefined for a garbled record (skipped), null for memory never written. */
  private profileCell(payload: Uint8Array, meterConstant: number): ProfileCell | null | undefined {
    try {
      return decodeProfileRecord(payload, meterConstant, this.timeZone)
    } catch (error) {
      if (error instanceof MeterFrameError) return undefined
      throw error
    }
  }

  private openChannel(): Promise<void> {
    const request = openChannelRequest(this.address, this.settings.accessLevel, this.settings.password, this.settings.passwordMode)
    return this.call(request, (answer) => decodeStatusAnswer(answer, this.address))
  }

  private call<T>(request: Uint8Array, decode: (answer: Uint8Array) => T): Promise<T> {
    return this.exchange(request, answerBoundary(request), decode)
  }

  /** The meter drops a channel left idle, so "channel not open" is answered by reopening once. */
  private async read<T>(request: Uint8Array, decode: (answer: Uint8Array) => T): Promise<T> {
    try {
      return await this.call(request, decode)
    } catch (error) {
      if (!(error instanceof MeterChannelNotOpenError) || !this.link) throw error
      await this.openChannel()
      return this.call(request, decode)
    }
  }
}
