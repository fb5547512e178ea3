/**
 * Mercury 230/231/234/236 "transparent" protocol (RS-485, carried unchanged over a TCP converter).
 *
 * Frame: [net address 1 byte] [request code] [parameters...] [CRC-16/MODBUS low, high].
 * The meter answers with its address, the payload and the CRC; a refusal is a 4-byte frame
 * [address] [status] [CRC] whose low nibble is the status (0 OK, 1 invalid command or parameter,
 * 2 internal error, 3 insufficient access level, 4 clock already corrected today, 5 channel not open).
 *
 * Requests implemented here:
 *   00                 test channel                        -> status frame
 *   01 LL PPPPPP       open channel, level 1 user / 2 admin, 6 password bytes (111111 = 01 x6)
 *   02                 close channel                       -> status frame
 *   05 AM TT           energy array A (high nibble; 0 = since reset), month M (low nibble), tariff TT
 *                      -> A+ A- R+ R-, 4 bytes each in the order [1][0][3][2], Wh / varh,
 *                         FF FF FF FF where the meter does not measure the channel
 *   08 00              serial number and manufacture date -> 4 bytes 0..99 each, then dd MM yy binary
 *   08 16 BWRI         auxiliary parameters, all phases in one answer (08 11 BWRI: one value)
 *                      -> 3-byte values [b0 b1 b2] = ((b0 & 0x3F) << 16) | (b2 << 8) | b1; b0 bit 7 is
 *                         the active and bit 6 the reactive power direction (set = export); cos φ
 *                         takes the active power's sign (bit 7)
 *   08 12 00           variant (исполнение) -> 12 bytes (a real meter's answer, MolokovAlex/CfgMercury);
 *                      meters made before about 2016 know only 08 12 -> 6 or 8 bytes. The low nibble of the 2nd
 *                      byte is the constant A (0 5000, 1 25000, 2 1250, 3 500, 4 1000, 5 250 imp/kWh)
 *   08 13              last power-profile record -> address (2 bytes, high first), status byte,
 *                      hh mm dd MM yy in BCD, integration time T in minutes; the address counts bytes on
 *                      some meters and 16-byte records on others (see mercury230-driver.ts)
 *   06 03 AH AL NN     read NN bytes of memory 3 (power profile) at address AHAL; 06 83 for addresses
 *                      above 0xFFFF of a 131x8 memory (variant byte 4 bit 7)
 *                      -> a record is 15 bytes: status, hh mm dd MM yy (BCD), T, then A+ A- R+ R-
 *                         as 16-bit little-endian counts N; FF FF = the channel is not measured
 *                         (per cell: a one-direction meter writes FF FF in A- only, manual p.96);
 *                         status bit 1 (0x02) set = the interval is incomplete (power lost or
 *                         the clock set during it)
 *   04 00, 03 0D       the meter's clock: read and correct (mercury230-clock.ts)
 *
 * BWRI codes (high nibble = quantity, low bits = phase, 0 = sum): 00 P, 04 Q, 08 S (sum and three
 * phases, 0.01 W / var / VA); 11 U (phases, 0.01 V); 21 I (phases, 0.001 A); 30 cos φ (sum and
 * phases, 0.001); 40 frequency (0.01 Hz); 51 angles between phase voltages 1-2, 1-3, 2-3 (0.01°).
 *
 * Sources: the Incotex command reference as implemented by wirenboard/wb-mqtt-serial
 * (mercury230_device.cpp: byte orders, status nibble, sign bits), Shden/mercury236 (BWRI codes,
 * scales, test vectors), Brokly/ESPHome-Mercury230 (0x16 group answers, serial layout),
 * ru-asdx/mercury-em, and MolokovAlex's Mercury 230 profile reader (08 13 and 06 03 layouts, with a
 * captured answer). Where they leave a choice, decided here and mirrored by the emulator:
 * - a profile record is stamped with the END of its interval (the time the average was fixed);
 * - a count N is energy in impulses at twice the meter constant: E = N / (2A) kWh over the
 *   interval, so the average power is P = N * 60 / (T * 2A) kW;
 * - records are 16 bytes apart in a ring of 4096 records (64 KiB, about 85 days of half-hours) or 8192 (131x8).
 */
import { decodeBcd, encodeBcd } from './bcd'
import { hasValidCrc, withCrc } from './crc16'
import { MeterAccessDeniedError, MeterChannelNotOpenError, MeterCrcError, MeterFrameError, MeterStatusError, MeterValueError } from './errors'
import type { EnergyRegisters, Tariff } from '../meter-values'
import { DEFAULT_TIME_ZONE } from '../../../shared/metering'
import { fromZonedParts, toZonedParts } from '../meter-time'
import { fromMoscowParts, toMoscowParts } from '../moscow-time'
import { CLOCK_ANSWER_LENGTH, CLOCK_PARAMETER, CLOCK_REQUEST, parseCorrectTime, type TimeOfDay } from './mercury230-clock'
import { T } from '../../../shared/texts'
import { daysInMonth } from '../../../shared/calendar'

export type AccessLevel = 1 | 2

export const DEFAULT_PASSWORDS: Record<AccessLevel, string> = { 1: '111111', 2: '222222' }

export const DEFAULT_METER_CONSTANT = 5000

const REQUEST = {
  test: 0x00,
  openChannel: 0x01,
  closeChannel: 0x02,
  readEnergy: 0x05,
  readMemory: 0x06,
  readParameter: 0x08,
} as const

export const PARAMETER = {
  serial: 0x00,
  singleValue: 0x11,
  variant: 0x12,
  lastProfileRecord: 0x13,
  allPhases: 0x16,
} as const

export const BWRI = {
  activePower: 0x00,
  reactivePower: 0x04,
  apparentPower: 0x08,
  voltage: 0x11,
  current: 0x21,
  cosPhi: 0x30,
  frequency: 0x40,
  angles: 0x51,
} as const

export const STATUS = {
  ok: 0,
  invalidCommand: 1,
  internalError: 2,
  accessDenied: 3,
  clockCorrected: 4,
  channelNotOpen: 5,
} as const

/** Energy arrays of request 05; only the since-reset array is used by the collector. */
export const ENERGY_SINCE_RESET = 0x0

export const PROFILE_MEMORY = 0x03
const PROFILE_RECORD_LENGTH = 15
export const PROFILE_RECORD_STRIDE = 0x10
/** Records in memory 3 of 65,5x8 (64 KiB) and of 131x8 (128 KiB, variant byte 4 bit 7; manual p.75). */
export const PROFILE_RING_RECORDS = 0x10000 / PROFILE_RECORD_STRIDE
export const PROFILE_RING_RECORDS_131K = 0x20000 / PROFILE_RECORD_STRIDE
/** Variant byte 4 bit 7: memory 3 is 131x8. */
const LARGE_PROFILE_MEMORY = 0x80
/** Bit 7 of the memory byte of 06: the 17th address bit, in memory 3 only (manual p.95, note 6). */
const ADDRESS_BIT_17 = 0x80

const STATUS_FRAME_LENGTH = 4
/**
 * A meter with bit 7 of its link parameters byte set repeats the request code in its answers (manual §1.5.4.3, fig. 1.4,
 * fig. 3.12): the test request is answered [address] 00 [status, 80 when done] CRC, a byte longer than the usual status.
 */
const REPEATED_CODE_TEST_ANSWER_LENGTH = STATUS_FRAME_LENGTH + 1
/**
 * Data bytes of a variant answer: 12 from today's meters, 6 or 8 from older ones (08 12: «6 или 8 двоичных байт»,
 * manual §4.4.16.1). Never 3: the 6-byte request itself would then pass for an answer when a converter echoes it.
 */
const VARIANT_LENGTHS = [6, 8, 12] as const
const NO_ENERGY = 0xffffffff
const NO_PROFILE_VALUE = 0xffff
const VALUE_MASK = 0x3fffff

// ---------------------------------------------------------------- requests

function checkAddress(address: number): void {
  if (!Number.isInteger(address) || address < 0 || address > 0xff) throw new RangeError(`Mercury 230 address is one byte: ${address}`)
}

function request(address: number, ...body: number[]): Uint8Array {
  checkAddress(address)
  return withCrc([address, ...body])
}

export function testChannelRequest(address: number): Uint8Array {
  return request(address, REQUEST.test)
}

/**
 * How the six password characters go on the wire: 'digits' sends decimal digits as their values
 * (111111 -> 01 01 01 01 01 01, the factory form of meters without «D» in their code); 'ascii' sends the characters'
 * codes (111111 -> 31 31 31 31 31 31), the factory form of meters with «D» (manual, appendix В) and of any meter set
 * to a text password.
 */
export type PasswordMode = 'digits' | 'ascii'

export const PASSWORD_MODES: readonly PasswordMode[] = ['digits', 'ascii']

/** Whether a password can be sent in a mode: six digits, or six printable ASCII characters. */
export function isValidPassword(password: string, mode: PasswordMode): boolean {
  return mode === 'digits' ? /^\d{6}$/.test(password) : /^[\x20-\x7e]{6}$/.test(password)
}

export function openChannelRequest(address: number, level: AccessLevel, password: string, mode: PasswordMode = 'digits'): Uint8Array {
  if (!isValidPassword(password, mode)) throw new RangeError(`Mercury 230 password is six ${mode === 'digits' ? 'digits' : 'ASCII characters'}`)
  return request(address, REQUEST.openChannel, level, ...passwordBytes(password, mode))
}

export function closeChannelRequest(address: number): Uint8Array {
  return request(address, REQUEST.closeChannel)
}

export function energyRequest(address: number, tariff: Tariff, array = ENERGY_SINCE_RESET, month = 0): Uint8Array {
  return request(address, REQUEST.readEnergy, (array << 4) | (month & 0x0f), tariff)
}

export function auxRequest(address: number, bwri: number, parameter: number = PARAMETER.allPhases): Uint8Array {
  return request(address, REQUEST.readParameter, parameter, bwri)
}

export function serialRequest(address: number): Uint8Array {
  return request(address, REQUEST.readParameter, PARAMETER.serial)
}

/** The variant request of today's meters (`08 12 00`), or the older form without the parameter byte. */
export function variantRequest(address: number, form: 'current' | 'old' = 'current'): Uint8Array {
  return form === 'current' ? request(address, REQUEST.readParameter, PARAMETER.variant, 0x00) : request(address, REQUEST.readParameter, PARAMETER.variant)
}

export function lastProfileRecordRequest(address: number): Uint8Array {
  return request(address, REQUEST.readParameter, PARAMETER.lastProfileRecord)
}

/** 06 03 at a 17-bit address: bit 16 goes in bit 7 of the memory byte (`06 83 …`). */
export function profileMemoryRequest(address: number, memoryAddress: number, length = PROFILE_RECORD_LENGTH): Uint8Array {
  const memory = PROFILE_MEMORY | (memoryAddress & 0x10000 ? ADDRESS_BIT_17 : 0)
  return request(address, REQUEST.readMemory, memory, (memoryAddress >> 8) & 0xff, memoryAddress & 0xff, length)
}

// ---------------------------------------------------------------- lengths

/** How many 3-byte values an 08 16 answer carries for a BWRI code. */
function auxValueCount(bwri: number, parameter: number = PARAMETER.allPhases): number {
  if (parameter === PARAMETER.singleValue) return 1
  switch (bwri >> 4) {
    case 0x0:
    case 0x3:
      return 4
    case 0x4:
      return 1
    default:
      return 3
  }
}

/** Length of the whole answer frame a request expects when the meter accepts it. */
export function answerLength(requestFrame: Uint8Array): number {
  const payload = (() => {
    switch (requestFrame[1]) {
      case REQUEST.readEnergy:
        return 16
      case REQUEST.readMemory:
        return requestFrame[5]!
      case CLOCK_REQUEST.read:
        return CLOCK_ANSWER_LENGTH
      case REQUEST.readParameter:
        switch (requestFrame[2]) {
          case PARAMETER.serial:
            return 7
          case PARAMETER.lastProfileRecord:
            return 9
          case PARAMETER.variant:
            return VARIANT_LENGTHS.at(-1)!
          default:
            return 3 * auxValueCount(requestFrame[3]!, requestFrame[2])
        }
      default:
        return 1
    }
  })()
  return payload + 3
}

/**
 * Frame boundary in a receive buffer: the expected length, or a shorter status frame when the
 * first four bytes are one (a refusal, or a bare "done", in place of data). Undefined while incomplete.
 */
export function completeAnswerLength(received: Uint8Array, expectedLength: number): number | undefined {
  if (received.length >= expectedLength) return expectedLength
  if (received.length === STATUS_FRAME_LENGTH && hasValidCrc(received)) {
    return STATUS_FRAME_LENGTH
  }
  return undefined
}

/**
 * The frame boundary for a request's answer. A variant answer's length depends on the meter's age, so it ends at the
 * first of its lengths that holds a valid CRC (the constant sits in the 2nd byte of each).
 */
export function answerBoundary(requestFrame: Uint8Array): (received: Uint8Array) => number | undefined {
  const expected = answerLength(requestFrame)
  if (requestFrame[1] === REQUEST.test) {
    // A meter that repeats the request code answers a byte longer; taken when it came whole, for decodeTestAnswer to name.
    return (received) => {
      const end = completeAnswerLength(received, expected)
      const repeated = received.subarray(0, REPEATED_CODE_TEST_ANSWER_LENGTH)
      const isRepeated = repeated.length === REPEATED_CODE_TEST_ANSWER_LENGTH && repeated[1] === REQUEST.test && hasValidCrc(repeated)
      return end !== undefined && !hasValidCrc(received.subarray(0, end)) && isRepeated ? REPEATED_CODE_TEST_ANSWER_LENGTH : end
    }
  }
  if (requestFrame[1] !== REQUEST.readParameter || requestFrame[2] !== PARAMETER.variant) return (received) => completeAnswerLength(received, expected)
  return (received) =>
    VARIANT_LENGTHS.map((length) => length + 3).find((length) => received.length >= length && hasValidCrc(received.subarray(0, length))) ??
    completeAnswerLength(received, expected)
}

// ---------------------------------------------------------------- answers (collector side)

const STATUS_TEXT: Record<number, string> = {
  [STATUS.invalidCommand]: T.poll.invalidCommand,
  [STATUS.internalError]: T.poll.internalError,
  [STATUS.clockCorrected]: T.poll.clockCorrectedToday,
}

function throwForStatus(status: number): void {
  const code = status & 0x0f
  if (code === STATUS.ok) return
  if (code === STATUS.accessDenied) throw new MeterAccessDeniedError()
  if (code === STATUS.channelNotOpen) throw new MeterChannelNotOpenError()
  throw new MeterStatusError(code, STATUS_TEXT[code] ?? T.poll.unknownStatus)
}

/** Checks CRC, address and length, turns refusals into typed errors, and returns the payload. */
export function payloadOf(frame: Uint8Array, address: number, payloadLength: number): Uint8Array {
  if (!hasValidCrc(frame)) throw new MeterCrcError()
  if (frame[0] !== address) throw new MeterFrameError(T.poll.answerFrom(frame[0]!, address))
  if (frame.length === STATUS_FRAME_LENGTH) {
    throwForStatus(frame[1]!)
    if (payloadLength !== 1) throw new MeterFrameError(T.poll.statusInsteadOfData)
  }
  if (frame.length !== payloadLength + 3) throw new MeterFrameError(T.poll.answerLength(frame.length, payloadLength + 3))
  return frame.subarray(1, frame.length - 2)
}

/** Answer to test, open and close: a status byte, 0 meaning done. */
export function decodeStatusAnswer(frame: Uint8Array, address: number): void {
  payloadOf(frame, address, 1)
}

/** The test request's answer; one in the form of a meter that repeats the request code is refused by name, not as noise. */
export function decodeTestAnswer(frame: Uint8Array, address: number): void {
  const repeated = frame.length === REPEATED_CODE_TEST_ANSWER_LENGTH && frame[0] === address && frame[1] === REQUEST.test && hasValidCrc(frame)
  if (repeated) throw new MeterValueError(T.poll.requestCodeRepeated)
  decodeStatusAnswer(frame, address)
}

function readEnergyValue(bytes: Uint8Array, offset: number): number {
  return ((bytes[offset + 1]! << 24) | (bytes[offset]! << 16) | (bytes[offset + 3]! << 8) | bytes[offset + 2]!) >>> 0
}

/** Registers in kWh / kvarh (the meter counts Wh / varh); null where the meter has no such channel. */
export function decodeEnergyAnswer(frame: Uint8Array, address: number): EnergyRegisters {
  const payload = payloadOf(frame, address, 16)
  const value = (index: number) => {
    const raw = readEnergyValue(payload, index * 4)
    return raw === NO_ENERGY ? null : raw / 1000
  }
  return { aPlus: value(0), aMinus: value(1), rPlus: value(2), rMinus: value(3) }
}

const AUX_SCALE: Record<number, number> = { 0x0: 100, 0x1: 100, 0x2: 1000, 0x3: 1000, 0x4: 100, 0x5: 100 }

function auxScale(bwri: number): number {
  const scale = AUX_SCALE[bwri >> 4]
  if (scale === undefined) throw new RangeError(`unknown BWRI ${bwri.toString(16)}`)
  return scale
}

/** Which direction bit signs a value: bit 7 for P and for cos φ (the active power's sign), bit 6 for Q, none for others. */
function directionBit(bwri: number): number {
  if (bwri >> 4 === 0x3) return 0x80
  if (bwri >> 4 !== 0) return 0
  const power = (bwri >> 2) & 0x03
  return power === 0 ? 0x80 : power === 1 ? 0x40 : 0
}

/** Values in W, var, VA, V, A, Hz, degrees; P, Q and cos φ negative when exported. */
export function decodeAuxAnswer(frame: Uint8Array, address: number, bwri: number, parameter: number = PARAMETER.allPhases): number[] {
  const count = auxValueCount(bwri, parameter)
  const payload = payloadOf(frame, address, 3 * count)
  const scale = auxScale(bwri)
  const signBit = directionBit(bwri)
  return Array.from({ length: count }, (_, index) => {
    const [b0, b1, b2] = [payload[index * 3]!, payload[index * 3 + 1]!, payload[index * 3 + 2]!]
    const magnitude = (((b0 & 0x3f) << 16) | (b2 << 8) | b1) / scale
    return magnitude !== 0 && (b0 & signBit) !== 0 ? -magnitude : magnitude
  })
}

export interface Mercury230Identity {
  serial: string
  manufactured: Date
}

export function decodeSerialAnswer(frame: Uint8Array, address: number): Mercury230Identity {
  const payload = payloadOf(frame, address, 7)
  const serial = Array.from(payload.subarray(0, 4), (pair) => String(pair).padStart(2, '0')).join('')
  const [day, month, year] = [payload[4]!, payload[5]!, payload[6]!]
  return { serial, manufactured: fromMoscowParts({ year: 2000 + year, month, day, hour: 0, minute: 0, second: 0 }) }
}

/** A record's time as the meter's wall clock shows it, in the zone the meter is kept in. */
function decodeBcdTime(bytes: Uint8Array, timeZone: string): Date {
  const [hour, minute, day, month, year] = Array.from(bytes.subarray(0, 5), (byte) => decodeBcd([byte]))
  // A day the month does not have (31.02) would roll over into another day's interval.
  if (hour! > 23 || minute! > 59 || day! < 1 || month! < 1 || month! > 12 || day! > daysInMonth(2000 + year!, month!)) {
    throw new MeterFrameError(T.poll.badRecordTime)
  }
  return fromZonedParts({ year: 2000 + year!, month: month!, day: day!, hour: hour!, minute: minute!, second: 0 }, timeZone)
}

export interface LastProfileRecord {
  memoryAddress: number
  status: number
  /** End of the record's interval. */
  end: Date
  minutes: number
}

/** The profile is walked in steps of T: 0 would never end, more than an hour is no Mercury 230 setting. */
function checkIntegrationTime(minutes: number): number {
  if (minutes < 1 || minutes > 60) throw new MeterFrameError(T.poll.badIntegrationTime(minutes))
  return minutes
}

export function decodeLastProfileRecordAnswer(frame: Uint8Array, address: number, timeZone: string = DEFAULT_TIME_ZONE): LastProfileRecord {
  const payload = payloadOf(frame, address, 9)
  const minutes = checkIntegrationTime(payload[8]!)
  return {
    memoryAddress: (payload[0]! << 8) | payload[1]!,
    status: payload[2]!,
    end: decodeBcdTime(payload.subarray(3, 8), timeZone),
    minutes,
  }
}

/** Status bit of a profile record: the interval is incomplete (the meter lost power or its clock was set). */
export const PROFILE_STATUS_INCOMPLETE = 0x02

export interface ProfileCell {
  status: number
  end: Date
  minutes: number
  /** Per channel: null where the cell holds FF FF (the meter does not measure that channel). */
  energy: EnergyRegisters
}

export function decodeProfileMemoryAnswer(frame: Uint8Array, address: number, length = PROFILE_RECORD_LENGTH): Uint8Array {
  return payloadOf(frame, address, length)
}

/**
 * A 15-byte record; null for memory never written: a header (status, time, T) all FF, or all 00 as an initialisation
 * of the profile array leaves it (03 00 1E 01 zeroes the records, manual p.15 note 1).
 */
export function decodeProfileRecord(record: Uint8Array, meterConstant: number, timeZone: string = DEFAULT_TIME_ZONE): ProfileCell | null {
  if (record.length < PROFILE_RECORD_LENGTH) throw new MeterFrameError(T.poll.shortProfileRecord(PROFILE_RECORD_LENGTH))
  const header = record.subarray(0, 7)
  if (header.every((byte) => byte === 0xff) || header.every((byte) => byte === 0x00)) return null
  const cell = (index: number) => {
    const count = record[7 + index * 2]! | (record[8 + index * 2]! << 8)
    return count === NO_PROFILE_VALUE ? null : count / (2 * meterConstant)
  }
  return {
    status: record[0]!,
    end: decodeBcdTime(record.subarray(1, 6), timeZone),
    minutes: checkIntegrationTime(record[6]!),
    energy: { aPlus: cell(0), aMinus: cell(1), rPlus: cell(2), rMinus: cell(3) },
  }
}

/** The constant A by the low nibble of the variant's 2nd byte. */
const METER_CONSTANTS: Record<number, number> = { 0: 5000, 1: 25000, 2: 1250, 3: 500, 4: 1000, 5: 250 }

export interface MeterVariant {
  /** Impulses per kWh, A. */
  meterConstant: number
  /** Memory 3 is 131x8: 8192 records, addressed with a 17th bit. */
  largeProfileMemory: boolean
}

/** What the collector uses of an 08 12 answer; a constant code outside the table is a frame the collector cannot trust. */
export function decodeVariantAnswer(frame: Uint8Array, address: number): MeterVariant {
  const payload = payloadOf(frame, address, VARIANT_LENGTHS.find((length) => length + 3 === frame.length) ?? VARIANT_LENGTHS.at(-1)!)
  const constant = METER_CONSTANTS[payload[1]! & 0x0f]
  if (constant === undefined) throw new MeterValueError(T.poll.unknownConstantCode(payload[1]! & 0x0f))
  return { meterConstant: constant, largeProfileMemory: (payload[3]! & LARGE_PROFILE_MEMORY) !== 0 }
}

// ---------------------------------------------------------------- requests and answers (meter side)

export type Mercury230Request =
  | { kind: 'test' }
  | { kind: 'openChannel'; level: number; password: number[] }
  | { kind: 'closeChannel' }
  | { kind: 'readEnergy'; array: number; month: number; tariff: number }
  | { kind: 'readSerial' }
  | { kind: 'readVariant' }
  | { kind: 'readLastProfileRecord' }
  | { kind: 'readAux'; parameter: number; bwri: number }
  | { kind: 'readMemory'; memory: number; memoryAddress: number; length: number }
  | { kind: 'readClock' }
  | { kind: 'correctClock'; to: TimeOfDay | null }

/**
 * Length of a request frame starting at buffer[0], as far as its first bytes tell: a number larger
 * than the buffer means "wait for more"; null means no Mercury 230 request starts here.
 */
export function requestLength(buffer: Uint8Array): number | null {
  if (buffer.length < 2) return 2
  switch (buffer[1]) {
    case REQUEST.test:
    case REQUEST.closeChannel:
      return 4
    case REQUEST.openChannel:
      return 11
    case REQUEST.readEnergy:
      return 6
    case REQUEST.readMemory:
      return 8
    case CLOCK_REQUEST.read:
      return 5
    case CLOCK_REQUEST.write:
      if (buffer.length < 3) return 3
      return buffer[2] === CLOCK_PARAMETER.correct ? 8 : null
    case REQUEST.readParameter:
      if (buffer.length < 3) return 3
      return buffer[2] === PARAMETER.allPhases || buffer[2] === PARAMETER.singleValue || buffer[2] === PARAMETER.variant ? 6 : 5
    default:
      return null
  }
}

export function parseRequest(frame: Uint8Array): { address: number; request: Mercury230Request } | null {
  if (!hasValidCrc(frame) || requestLength(frame) !== frame.length) return null
  const address = frame[0]!
  const parsed = ((): Mercury230Request | null => {
    switch (frame[1]) {
      case REQUEST.test:
        return { kind: 'test' }
      case REQUEST.openChannel:
        return { kind: 'openChannel', level: frame[2]!, password: Array.from(frame.subarray(3, 9)) }
      case REQUEST.closeChannel:
        return { kind: 'closeChannel' }
      case REQUEST.readEnergy:
        return { kind: 'readEnergy', array: frame[2]! >> 4, month: frame[2]! & 0x0f, tariff: frame[3]! }
      case REQUEST.readMemory:
        return {
          kind: 'readMemory',
          memory: frame[2]! & ~ADDRESS_BIT_17,
          memoryAddress: (frame[2]! & ADDRESS_BIT_17 ? 0x10000 : 0) | (frame[3]! << 8) | frame[4]!,
          length: frame[5]!,
        }
      case CLOCK_REQUEST.read:
        return frame[2] === CLOCK_PARAMETER.time ? { kind: 'readClock' } : null
      case CLOCK_REQUEST.write:
        return { kind: 'correctClock', to: parseCorrectTime(frame.subarray(3, 6)) }
      case REQUEST.readParameter:
        if (frame[2] === PARAMETER.serial) return { kind: 'readSerial' }
        if (frame[2] === PARAMETER.variant) return { kind: 'readVariant' }
        if (frame[2] === PARAMETER.lastProfileRecord) return { kind: 'readLastProfileRecord' }
        if (frame[2] === PARAMETER.allPhases || frame[2] === PARAMETER.singleValue) {
          return { kind: 'readAux', parameter: frame[2], bwri: frame[3]! }
        }
        return null
      default:
        return null
    }
  })()
  return parsed && { address, request: parsed }
}

function answer(address: number, payload: ArrayLike<number>): Uint8Array {
  return withCrc([address, ...Array.from(payload)])
}

export function statusAnswer(address: number, status: number): Uint8Array {
  return answer(address, [status])
}

/** Registers in Wh / varh (whole ones are sent), null for a channel the meter does not measure. */
export function energyAnswer(address: number, registersWh: EnergyRegisters): Uint8Array {
  const values = [registersWh.aPlus, registersWh.aMinus, registersWh.rPlus, registersWh.rMinus]
  return answer(
    address,
    values.flatMap((value) => {
      const raw = value === null ? NO_ENERGY : Math.floor(Math.round(value * 1000) / 1000) >>> 0
      return [(raw >>> 16) & 0xff, raw >>> 24, raw & 0xff, (raw >>> 8) & 0xff]
    }),
  )
}

/** Values in the units decodeAuxAnswer returns; negative P or Q sets the direction bit. */
export function auxAnswer(address: number, bwri: number, values: readonly number[]): Uint8Array {
  const scale = auxScale(bwri)
  const signBit = directionBit(bwri)
  return answer(
    address,
    values.flatMap((value) => {
      const raw = Math.min(VALUE_MASK, Math.round(Math.abs(value) * scale))
      const direction = value < 0 ? signBit : 0
      return [((raw >> 16) & 0x3f) | direction, raw & 0xff, (raw >> 8) & 0xff]
    }),
  )
}

export function serialAnswer(address: number, identity: Mercury230Identity): Uint8Array {
  if (!/^\d{8}$/.test(identity.serial)) throw new RangeError('Mercury 230 serial number is eight digits')
  const pairs = [0, 2, 4, 6].map((offset) => Number(identity.serial.slice(offset, offset + 2)))
  const made = toMoscowParts(identity.manufactured)
  return answer(address, [...pairs, made.day, made.month, made.year % 100])
}

function encodeBcdTime(at: Date, timeZone: string): number[] {
  const local = toZonedParts(at, timeZone)
  return [local.hour, local.minute, local.day, local.month, local.year % 100].flatMap((part) => encodeBcd(part, 1))
}

export function lastProfileRecordAnswer(address: number, record: LastProfileRecord, timeZone: string = DEFAULT_TIME_ZONE): Uint8Array {
  return answer(address, [
    (record.memoryAddress >> 8) & 0xff,
    record.memoryAddress & 0xff,
    record.status,
    ...encodeBcdTime(record.end, timeZone),
    record.minutes,
  ])
}

export function profileMemoryAnswer(address: number, bytes: Uint8Array): Uint8Array {
  return answer(address, bytes)
}

/** The 15 bytes of a record; energies become counts at 2A per kWh, capped below the FF FF marker (null). */
export function encodeProfileRecord(cell: ProfileCell, meterConstant: number, timeZone: string = DEFAULT_TIME_ZONE): Uint8Array {
  const toCount = (kwh: number | null) => (kwh === null ? NO_PROFILE_VALUE : Math.min(NO_PROFILE_VALUE - 1, Math.round(kwh * 2 * meterConstant)))
  const energy = cell.energy
  const counts = [energy.aPlus, energy.aMinus, energy.rPlus, energy.rMinus].map(toCount)
  return Uint8Array.from([cell.status, ...encodeBcdTime(cell.end, timeZone), cell.minutes, ...counts.flatMap((count) => [count & 0xff, count >> 8])])
}

/** An 08 12 answer carrying the constant A and the size of memory 3 (the other variant bits left zero); A outside the table is refused. */
export function meterConstantAnswer(address: number, meterConstant: number, largeProfileMemory = false): Uint8Array {
  const code = Object.entries(METER_CONSTANTS).find(([, value]) => value === meterConstant)?.[0]
  if (code === undefined) throw new RangeError(`Mercury 230 has no constant ${meterConstant}`)
  return answer(address, [0x00, Number(code), 0x00, largeProfileMemory ? LARGE_PROFILE_MEMORY : 0x00, ...new Array<number>(8).fill(0x00)])
}

/** The six password bytes as the meter compares them. */
export function passwordBytes(password: string, mode: PasswordMode): number[] {
  return Array.from(password, (char) => (mode === 'digits' ? Number(char) : char.charCodeAt(0)))
}
