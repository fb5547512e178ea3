/**
 * The Mercury 230 clock, kept by the meter in its own local time:
 *   04 00              read time        -> 8 BCD bytes: ss mm hh, weekday (1 Monday .. 7 Sunday), dd MM yy,
 *                                          season (1 winter, 0 summer; Russia keeps "winter" since 2014)
 *   03 0D ss mm hh     correct time     -> status frame; at level 1 or 2 (manual p.24, §3.11), once a day
 *                                          (4 when already corrected today), within ±4 minutes of the
 *                                          meter's time (1 otherwise)
 * Sources: ti-cortex-m4/tm4c1294ncpdt, ek-tm4c1294xl/project1/self/sensors/device_b.c (QueryTimeB /
 * ReadTimeB, QueryControlB) and the Incotex command reference it follows; see docs/collector-protocols.md.
 */
import { decodeBcd, encodeBcd } from './bcd'
import { withCrc } from './crc16'
import { MeterFrameError } from './errors'
import { payloadOf } from './mercury230'
import { isWallClockTime } from '../meter-time'
import type { LocalDateTime } from '../../../shared/calendar'
import { T } from '../../../shared/texts'

export const CLOCK_REQUEST = { read: 0x04, write: 0x03 } as const
export const CLOCK_PARAMETER = { time: 0x00, correct: 0x0d } as const
/** The most a single 03 0D may move the clock, and it may do so once a day. */
export const CLOCK_CORRECTION_MAX_S = 240
export const CLOCK_ANSWER_LENGTH = 8

export interface MeterClockReading {
  /** The meter's wall clock, in the meter's own time zone. */
  local: LocalDateTime
  /** 1 Monday .. 7 Sunday, as the meter keeps it, right or not. */
  weekday: number
  winter: boolean
}

export interface TimeOfDay {
  hour: number
  minute: number
  second: number
}

export function readClockRequest(address: number): Uint8Array {
  return withCrc([address, CLOCK_REQUEST.read, CLOCK_PARAMETER.time])
}

export function correctClockRequest(address: number, to: TimeOfDay): Uint8Array {
  return withCrc([address, CLOCK_REQUEST.write, CLOCK_PARAMETER.correct, ...[to.second, to.minute, to.hour].flatMap((part) => encodeBcd(part, 1))])
}

export function decodeClockAnswer(frame: Uint8Array, address: number): MeterClockReading {
  const payload = payloadOf(frame, address, CLOCK_ANSWER_LENGTH)
  const [second, minute, hour, weekday, day, month, year, season] = Array.from(payload, (byte) => decodeBcd([byte]))
  // The weekday is not checked: meters keep wrong ones, and the date says the day. A season byte other than 0 or 1 is no clock's.
  const local = { year: 2000 + year!, month: month!, day: day!, hour: hour!, minute: minute!, second: second! }
  if (!isWallClockTime(local) || (season !== 0 && season !== 1)) throw new MeterFrameError(T.poll.badClockTime)
  return { local, weekday: weekday!, winter: season === 1 }
}

export function clockAnswer(address: number, reading: MeterClockReading): Uint8Array {
  const { local } = reading
  const parts = [local.second, local.minute, local.hour, reading.weekday, local.day, local.month, local.year % 100, reading.winter ? 1 : 0]
  return withCrc([address, ...parts.flatMap((part) => encodeBcd(part, 1))])
}

/** The time of day a 03 0D frame sets; null when its BCD is not a time. */
export function parseCorrectTime(bytes: ArrayLike<number>): TimeOfDay | null {
  try {
    const [second, minute, hour] = [decodeBcd([bytes[0]!]), decodeBcd([bytes[1]!]), decodeBcd([bytes[2]!])]
    return second < 60 && minute < 60 && hour < 24 ? { hour, minute, second } : null
  } catch {
    return null
  }
}
