/**
 * Mercury 200/206 single-phase protocol.
 *
 * Frame: [net address, 4 bytes: the serial number as a 32-bit big-endian number; a Mercury 200.02's is its last six
 * digits] [command]
 * [data...] [CRC-16/MODBUS low, high]. The answer repeats address and command, then the data.
 *
 *   27        tariff accumulators -> 4 tariffs x 4 bytes BCD, 0.01 kWh (active import only)
 *   63        U, I, P             -> U 2 bytes BCD 0.1 V, I 2 bytes BCD 0.01 A, P 3 bytes BCD W
 *   2F        serial number       -> 4 bytes, big-endian binary
 *   71 XX     load relay          -> XX = AA switch the consumer off, 55 under the energy limits, any
 *                                     other value on (FF is sent); echo without data. 5A is not "on" but
 *                                     emulates a button press since firmware 6.4 (206 manual, table 4, RELE)
 *   6D        relay mode          -> RELE, the byte last set by 71
 *   21        clock and calendar  -> timedate, 7 bytes BCD: dow hh mm ss dd mon yy, dow 0 Sunday .. 6 Saturday,
 *                                     7 a holiday (206 manual, «Timedate»); not the Mercury 230's ss mm hh order
 *
 * Sources: ru-asdx/mercury-em and sergray/energy-meter-mercury206 (frame, 27 and 63 layouts, with a
 * captured 27 answer), the 206 manual («Система команд счетчиков М206», ru-asdx/mercury-em docs/m206.pdf:
 * commands 6D, 71 and 21, the RELE byte of table 4, the timedate layout). mrkrasser/MercuryStats captured a timedate
 * answer (to 2C, the last power-on): 00 0E 1F CE 2C 01 11 24 06 18 04 11 5E A2, Monday 18.04.2011 11:24:06.
 * A field controller (ukp Merc200.java) sends 71 FF, then 71 5A; 5A alone switched nothing on firmware 6.4 and
 * later. A request this codec does not know gets no answer from the emulator, as a real meter stays silent on a bad
 * frame.
 */
import { decodeBcd, encodeBcd } from './bcd'
import { hasValidCrc, withCrc } from './crc16'
import { MeterCrcError, MeterFrameError } from './errors'
import { isWallClockTime } from '../meter-time'
import type { LocalDateTime } from '../../../shared/calendar'
import { T } from '../../../shared/texts'

export const COMMAND = {
  readEnergy: 0x27,
  readSerial: 0x2f,
  readInstant: 0x63,
  readRelay: 0x6d,
  relay: 0x71,
  readClock: 0x21,
} as const

/** RELE values (206 manual, table 4): any value but AA, 55 and 5A is on. */
export const RELAY = { on: 0xff, off: 0xaa, byLimits: 0x55, buttonPress: 0x5a } as const

/** What the relay does by its RELE byte. */
export type RelayState = 'on' | 'off' | 'byLimits'

export const TARIFF_COUNT = 4

const ADDRESS_LENGTH = 4
const HEADER_LENGTH = ADDRESS_LENGTH + 1
const CRC_LENGTH = 2

const ANSWER_DATA_LENGTH: Record<number, number> = {
  [COMMAND.readEnergy]: 16,
  [COMMAND.readSerial]: 4,
  [COMMAND.readInstant]: 7,
  [COMMAND.readRelay]: 1,
  [COMMAND.relay]: 0,
  [COMMAND.readClock]: 7,
}

function addressBytes(address: number): number[] {
  if (!Number.isInteger(address) || address < 0 || address > 0xffffffff) throw new RangeError(`Mercury 206 address is 32 bits: ${address}`)
  return [address >>> 24, (address >>> 16) & 0xff, (address >>> 8) & 0xff, address & 0xff]
}

function frame(address: number, command: number, data: readonly number[] = []): Uint8Array {
  return withCrc([...addressBytes(address), command, ...data])
}

export function energyRequest(address: number): Uint8Array {
  return frame(address, COMMAND.readEnergy)
}

export function instantRequest(address: number): Uint8Array {
  return frame(address, COMMAND.readInstant)
}

export function serialRequest(address: number): Uint8Array {
  return frame(address, COMMAND.readSerial)
}

export function relayRequest(address: number, on: boolean): Uint8Array {
  return frame(address, COMMAND.relay, [on ? RELAY.on : RELAY.off])
}

export function relayStateRequest(address: number): Uint8Array {
  return frame(address, COMMAND.readRelay)
}

export function clockRequest(address: number): Uint8Array {
  return frame(address, COMMAND.readClock)
}

export function answerLength(command: number): number {
  const data = ANSWER_DATA_LENGTH[command]
  if (data === undefined) throw new RangeError(`unknown Mercury 206 command ${command.toString(16)}`)
  return HEADER_LENGTH + data + CRC_LENGTH
}

function readAddress(bytes: Uint8Array): number {
  return ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0
}

function dataOf(answer: Uint8Array, address: number, command: number): Uint8Array {
  if (!hasValidCrc(answer)) throw new MeterCrcError()
  if (readAddress(answer) !== address) throw new MeterFrameError(T.poll.answerFrom(readAddress(answer), address))
  if (answer[ADDRESS_LENGTH] !== command) throw new MeterFrameError(T.poll.answerTo(answer[ADDRESS_LENGTH]!, command))
  if (answer.length !== answerLength(command)) throw new MeterFrameError(T.poll.answerLength(answer.length, answerLength(command)))
  return answer.subarray(HEADER_LENGTH, answer.length - CRC_LENGTH)
}

/** Tariffs 1..4 in kWh. */
export function decodeEnergyAnswer(answer: Uint8Array, address: number): number[] {
  const data = dataOf(answer, address, COMMAND.readEnergy)
  return Array.from({ length: TARIFF_COUNT }, (_, tariff) => decodeBcd(data.subarray(tariff * 4, tariff * 4 + 4)) / 100)
}

export interface Mercury206Instant {
  voltage: number
  current: number
  /** Active power, W. */
  power: number
}

export function decodeInstantAnswer(answer: Uint8Array, address: number): Mercury206Instant {
  const data = dataOf(answer, address, COMMAND.readInstant)
  return {
    voltage: decodeBcd(data.subarray(0, 2)) / 10,
    current: decodeBcd(data.subarray(2, 4)) / 100,
    power: decodeBcd(data.subarray(4, 7)),
  }
}

export function decodeSerialAnswer(answer: Uint8Array, address: number): number {
  return readAddress(dataOf(answer, address, COMMAND.readSerial))
}

export function decodeRelayAnswer(answer: Uint8Array, address: number): void {
  dataOf(answer, address, COMMAND.relay)
}

export function decodeRelayStateAnswer(answer: Uint8Array, address: number): RelayState {
  const rele = dataOf(answer, address, COMMAND.readRelay)[0]!
  return rele === RELAY.off ? 'off' : rele === RELAY.byLimits ? 'byLimits' : 'on'
}

export interface Mercury206Clock {
  /** The meter's wall clock, in the meter's own time zone. */
  local: LocalDateTime
  /** 0 Sunday .. 6 Saturday, 7 a holiday, as the meter keeps it. */
  dow: number
}

/** The day of the week is not checked: a holiday is 7 whatever the date, and the date says the day. */
export function decodeClockAnswer(answer: Uint8Array, address: number): Mercury206Clock {
  const [dow, hour, minute, second, day, month, year] = Array.from(dataOf(answer, address, COMMAND.readClock), (byte) => decodeBcd([byte]))
  const local = { year: 2000 + year!, month: month!, day: day!, hour: hour!, minute: minute!, second: second! }
  if (!isWallClockTime(local)) throw new MeterFrameError(T.poll.badClockTime)
  return { local, dow: dow! }
}

// ---------------------------------------------------------------- meter side

export interface Mercury206Request {
  address: number
  command: number
  data: Uint8Array
}

/** Length of a request starting at buffer[0]; larger than the buffer means "wait for more". */
export function requestLength(buffer: Uint8Array): number {
  if (buffer.length < HEADER_LENGTH) return HEADER_LENGTH
  return HEADER_LENGTH + (buffer[ADDRESS_LENGTH] === COMMAND.relay ? 1 : 0) + CRC_LENGTH
}

export function parseRequest(request: Uint8Array): Mercury206Request | null {
  if (!hasValidCrc(request) || requestLength(request) !== request.length) return null
  return { address: readAddress(request), command: request[ADDRESS_LENGTH]!, data: request.subarray(HEADER_LENGTH, request.length - CRC_LENGTH) }
}

/**
 * The register shows whole hundredths (rounded to micro-kWh first, so that 1370.91 stays 1370.91
 * despite float error) and wraps at eight BCD digits like the meter's.
 */
export function energyAnswer(address: number, tariffsKwh: readonly number[]): Uint8Array {
  return frame(
    address,
    COMMAND.readEnergy,
    tariffsKwh.flatMap((kwh) => encodeBcd(Math.floor(Math.round(kwh * 1_000_000) / 10_000) % 100_000_000, 4)),
  )
}

export function instantAnswer(address: number, values: Mercury206Instant): Uint8Array {
  return frame(address, COMMAND.readInstant, [
    ...encodeBcd(Math.min(9999, Math.round(values.voltage * 10)), 2),
    ...encodeBcd(Math.min(9999, Math.round(values.current * 100)), 2),
    ...encodeBcd(Math.min(999_999, Math.round(values.power)), 3),
  ])
}

export function serialAnswer(address: number, serial: number): Uint8Array {
  return frame(address, COMMAND.readSerial, addressBytes(serial))
}

export function relayAnswer(address: number): Uint8Array {
  return frame(address, COMMAND.relay)
}

export function relayStateAnswer(address: number, rele: number): Uint8Array {
  return frame(address, COMMAND.readRelay, [rele])
}

export function clockAnswer(address: number, { local, dow }: Mercury206Clock): Uint8Array {
  const parts = [dow, local.hour, local.minute, local.second, local.day, local.month, local.year % 100]
  return frame(
    address,
    COMMAND.readClock,
    parts.flatMap((part) => encodeBcd(part, 1)),
  )
}
