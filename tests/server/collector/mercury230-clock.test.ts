import { describe, expect, it } from 'vitest'
import { MeterAccessDeniedError, MeterCrcError, MeterFrameError, MeterStatusError } from '../../../src/server/collector/protocol/errors'
import { answerLength, decodeStatusAnswer, parseRequest, requestLength, statusAnswer } from '../../../src/server/collector/protocol/mercury230'
import { clockAnswer, correctClockRequest, decodeClockAnswer, readClockRequest } from '../../../src/server/collector/protocol/mercury230-clock'
import { withCrc } from '../../../src/server/collector/protocol/crc16'
import { hex, toHex } from './hex'

/*
 * Layouts as ti-cortex-m4/tm4c1294ncpdt reads and corrects a Mercury 230's clock
 * (ek-tm4c1294xl/project1/self/sensors/device_b.c: QueryTimeB sends [addr] 04 00 and ReadTimeB takes
 * ss mm hh, skips the weekday, then dd MM yy, all BCD; QueryControlB sends [addr] 03 0D ss mm hh in BCD
 * and expects a 4-byte status answer). The CRC is CRC-16/MODBUS, checked against captures in crc16.test.ts.
 */
const ADDRESS = 0x11

describe('Mercury 230 clock frames', () => {
  it('builds the read-time request 04 00', () => {
    expect(toHex(readClockRequest(ADDRESS))).toBe('11 04 00 23 05')
    expect(answerLength(readClockRequest(ADDRESS))).toBe(11)
  })

  it('builds the correction 03 0D with seconds, minutes, hours in BCD', () => {
    expect(toHex(correctClockRequest(ADDRESS, { hour: 12, minute: 15, second: 30 }))).toBe('11 03 0D 30 15 12 CB 64')
    expect(answerLength(correctClockRequest(ADDRESS, { hour: 12, minute: 15, second: 30 }))).toBe(4)
  })

  it('decodes ss mm hh, weekday, dd MM yy and the winter flag', () => {
    // 14:29:45, Monday 23.11.2026, winter time.
    const reading = decodeClockAnswer(hex('11 45 29 14 01 23 11 26 01 08 98'), ADDRESS)
    expect(reading).toEqual({ local: { year: 2026, month: 11, day: 23, hour: 14, minute: 29, second: 45 }, weekday: 1, winter: true })
  })

  // MolokovAlex/CfgMercury at 0da9ee7b, modulVM/moduleProtocolMercury.py line 39 keeps a 04 00 answer's data,
  // 16:14:43 27.02.2022 with weekday 3 on a Sunday: the weekday byte is not to be trusted (ti-cortex's ReadTimeB
  // skips it). A weekday outside 1..7 threw the whole reading away, and with it the clock's drift and correction.
  it('reads the date and time whatever the weekday byte says', () => {
    const local = { year: 2022, month: 2, day: 27, hour: 16, minute: 14, second: 43 }
    expect(decodeClockAnswer(withCrc([0x87, 0x43, 0x14, 0x16, 0x03, 0x27, 0x02, 0x22, 0x01]), 0x87)).toEqual({ local, weekday: 3, winter: true })
    expect(decodeClockAnswer(withCrc([0x87, 0x43, 0x14, 0x16, 0x00, 0x27, 0x02, 0x22, 0x01]), 0x87)).toMatchObject({ local })
    expect(decodeClockAnswer(withCrc([0x87, 0x43, 0x14, 0x16, 0x09, 0x27, 0x02, 0x22, 0x01]), 0x87)).toMatchObject({ local })
  })

  it('encodes the same answer on the meter side', () => {
    const reading = { local: { year: 2026, month: 11, day: 23, hour: 14, minute: 29, second: 45 }, weekday: 1, winter: true }
    expect(toHex(clockAnswer(ADDRESS, reading))).toBe('11 45 29 14 01 23 11 26 01 08 98')
  })

  it('rejects a time that is not one and a damaged checksum', () => {
    const hour25 = withCrc([ADDRESS, 0x45, 0x29, 0x25, 0x01, 0x23, 0x11, 0x26, 0x01])
    expect(() => decodeClockAnswer(hour25, ADDRESS)).toThrow(MeterFrameError)
    expect(() => decodeClockAnswer(hex('11 45 29 14 01 23 11 26 01 08 99'), ADDRESS)).toThrow(MeterCrcError)
  })

  // Profile stamps were checked against the month's length, the clock was not: 31.02 read as 03.03, a drift of days.
  it('rejects a day the month does not have and a season byte other than 0 or 1', () => {
    expect(() => decodeClockAnswer(withCrc([ADDRESS, 0x45, 0x29, 0x14, 0x03, 0x31, 0x02, 0x26, 0x01]), ADDRESS)).toThrow(MeterFrameError)
    expect(() => decodeClockAnswer(withCrc([ADDRESS, 0x45, 0x29, 0x14, 0x03, 0x29, 0x02, 0x26, 0x01]), ADDRESS)).toThrow(MeterFrameError)
    expect(decodeClockAnswer(withCrc([ADDRESS, 0x45, 0x29, 0x14, 0x04, 0x29, 0x02, 0x24, 0x01]), ADDRESS).local.day).toBe(29)
    expect(() => decodeClockAnswer(withCrc([ADDRESS, 0x45, 0x29, 0x14, 0x01, 0x23, 0x11, 0x26, 0x02]), ADDRESS)).toThrow(MeterFrameError)
    expect(decodeClockAnswer(withCrc([ADDRESS, 0x45, 0x29, 0x14, 0x01, 0x23, 0x11, 0x26, 0x00]), ADDRESS).winter).toBe(false)
  })

  it('turns the refusals of a correction into errors: access level and once a day', () => {
    expect(() => decodeStatusAnswer(statusAnswer(ADDRESS, 3), ADDRESS)).toThrow(MeterAccessDeniedError)
    expect(() => decodeStatusAnswer(statusAnswer(ADDRESS, 4), ADDRESS)).toThrow(MeterStatusError)
  })

  it('parses both requests on the meter side', () => {
    expect(requestLength(hex('11 04'))).toBe(5)
    expect(requestLength(hex('11 03 0D'))).toBe(8)
    expect(parseRequest(readClockRequest(ADDRESS))).toEqual({ address: ADDRESS, request: { kind: 'readClock' } })
    expect(parseRequest(correctClockRequest(ADDRESS, { hour: 3, minute: 2, second: 1 }))).toEqual({
      address: ADDRESS,
      request: { kind: 'correctClock', to: { hour: 3, minute: 2, second: 1 } },
    })
  })
})
