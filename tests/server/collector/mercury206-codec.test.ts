import { describe, expect, it } from 'vitest'
import { MeterCrcError, MeterFrameError } from '../../../src/server/collector/protocol/errors'
import {
  answerLength,
  clockAnswer,
  clockRequest,
  decodeClockAnswer,
  decodeEnergyAnswer,
  decodeInstantAnswer,
  decodeRelayAnswer,
  decodeSerialAnswer,
  energyAnswer,
  energyRequest,
  instantAnswer,
  instantRequest,
  parseRequest,
  relayAnswer,
  relayRequest,
  relayStateAnswer,
  relayStateRequest,
  decodeRelayStateAnswer,
  requestLength,
  serialAnswer,
  serialRequest,
} from '../../../src/server/collector/protocol/mercury206'
import { hasValidCrc, withCrc } from '../../../src/server/collector/protocol/crc16'
import { hex, toHex } from './hex'

/** Serial 10925856 = 00 A6 B7 20, the meter of ru-asdx/mercury-em's doctests. */
const SERIAL = 10925856

describe('Mercury 206 requests', () => {
  it.each([
    ['tariff accumulators', () => energyRequest(SERIAL), '00 A6 B7 20 27 EF 74'],
    ['U, I, P', () => instantRequest(SERIAL), '00 A6 B7 20 63 EF 47'],
    ['serial number', () => serialRequest(SERIAL), '00 A6 B7 20 2F EE B2'],
    // RELE (206 manual, table 4): AA off, 55 under the limits, 5A a button press since firmware 6.4, any other value on
    ['relay on', () => relayRequest(SERIAL, true), '00 A6 B7 20 71 FF 4A 6C'],
    ['relay off', () => relayRequest(SERIAL, false), '00 A6 B7 20 71 AA 8A 53'],
    ['relay mode', () => relayStateRequest(SERIAL), '00 A6 B7 20 6D 6E 83'],
    ['clock and calendar', () => clockRequest(SERIAL), '00 A6 B7 20 21 6F 76'],
  ])('builds %s byte for byte', (_name, build, expected) => {
    expect(toHex(build())).toBe(expected)
  })

  it('parses requests on the meter side', () => {
    expect(requestLength(hex('00 A6 B7'))).toBe(5)
    expect(requestLength(hex('00 A6 B7 20 27'))).toBe(7)
    expect(requestLength(hex('00 A6 B7 20 71'))).toBe(8)
    const relay = parseRequest(relayRequest(SERIAL, false))
    expect(relay?.address).toBe(SERIAL)
    expect(relay?.command).toBe(0x71)
    expect(Array.from(relay?.data ?? [])).toEqual([0xaa])
    expect(parseRequest(hex('00 A6 B7 20 27 00 00'))).toBeNull()
  })
})

describe('Mercury 206 answers', () => {
  it('decodes a captured energy answer: four tariffs of BCD hundredths of kWh', () => {
    const captured = hex('00 A6 B7 20 27 00 26 56 16 00 13 70 91 00 00 00 00 00 00 00 00 47 78')
    expect(answerLength(0x27)).toBe(captured.length)
    expect(decodeEnergyAnswer(captured, SERIAL)).toEqual([2656.16, 1370.91, 0, 0])
    expect(toHex(energyAnswer(SERIAL, [2656.16, 1370.91, 0, 0]))).toBe(toHex(captured))
  })

  it('decodes U, I and P', () => {
    const frame = hex('00 A6 B7 20 63 22 95 04 56 00 10 48 E3 00')
    expect(decodeInstantAnswer(frame, SERIAL)).toEqual({ voltage: 229.5, current: 4.56, power: 1048 })
    expect(toHex(instantAnswer(SERIAL, { voltage: 229.5, current: 4.56, power: 1048 }))).toBe(toHex(frame))
  })

  it('decodes the serial number and the relay echo', () => {
    expect(decodeSerialAnswer(hex('00 A6 B7 20 2F 00 A6 B7 20 03 04'), SERIAL)).toBe(SERIAL)
    expect(toHex(serialAnswer(SERIAL, SERIAL))).toBe('00 A6 B7 20 2F 00 A6 B7 20 03 04')
    expect(() => decodeRelayAnswer(hex('00 A6 B7 20 71 6F 4A'), SERIAL)).not.toThrow()
    expect(toHex(relayAnswer(SERIAL))).toBe('00 A6 B7 20 71 6F 4A')
  })

  it('reads the relay mode: AA off, 55 under the limits, any other byte on', () => {
    expect(toHex(relayStateAnswer(SERIAL, 0xaa))).toBe('00 A6 B7 20 6D AA 82 93')
    expect(decodeRelayStateAnswer(hex('00 A6 B7 20 6D AA 82 93'), SERIAL)).toBe('off')
    expect(decodeRelayStateAnswer(relayStateAnswer(SERIAL, 0x55), SERIAL)).toBe('byLimits')
    expect(decodeRelayStateAnswer(relayStateAnswer(SERIAL, 0xff), SERIAL)).toBe('on')
  })

  it('rejects a corrupted checksum, a foreign meter and an answer to another command', () => {
    expect(() => decodeRelayAnswer(hex('00 A6 B7 20 71 6F 4B'), SERIAL)).toThrow(MeterCrcError)
    expect(() => decodeRelayAnswer(hex('00 A6 B7 20 71 6F 4A'), SERIAL + 1)).toThrow(MeterFrameError)
    expect(() => decodeSerialAnswer(hex('00 A6 B7 20 71 6F 4A'), SERIAL)).toThrow(MeterFrameError)
  })

  /*
   * The 206 manual's timedate: dow hh mm ss dd mon yy in BCD, dow 0 Sunday .. 6 Saturday, 7 a holiday. The frames are
   * made by hand with their CRC from crc16; mrkrasser/MercuryStats' captured 2C answer (the last power-on, timedate too)
   * checks the framing and the order: Monday 18.04.2011 11:24:06.
   */
  describe('the clock (21h)', () => {
    it('frames timedate as the captured 2C answer does', () => {
      const captured = hex('00 0E 1F CE 2C 01 11 24 06 18 04 11 5E A2')
      expect(hasValidCrc(captured)).toBe(true)
      const asClock = withCrc([...captured.subarray(0, 4), 0x21, ...captured.subarray(5, 12)])
      expect(toHex(asClock)).toBe('00 0E 1F CE 21 01 11 24 06 18 04 11 9F 3B')
      expect(decodeClockAnswer(asClock, 925_646)).toEqual({ local: { year: 2011, month: 4, day: 18, hour: 11, minute: 24, second: 6 }, dow: 1 })
    })

    it('reads dow, hours, minutes, seconds, then the date, not the Mercury 230 order', () => {
      // Friday 20.11.2026 14:29:45.
      const frame = hex('00 A6 B7 20 21 05 14 29 45 20 11 26 06 CE')
      expect(answerLength(0x21)).toBe(frame.length)
      const reading = { local: { year: 2026, month: 11, day: 20, hour: 14, minute: 29, second: 45 }, dow: 5 }
      expect(decodeClockAnswer(frame, SERIAL)).toEqual(reading)
      expect(toHex(clockAnswer(SERIAL, reading))).toBe(toHex(frame))
    })

    it('takes Sunday as 0 and a holiday as 7, whatever the date', () => {
      expect(decodeClockAnswer(hex('00 A6 B7 20 21 00 23 59 59 22 11 26 B0 12'), SERIAL)).toEqual({
        local: { year: 2026, month: 11, day: 22, hour: 23, minute: 59, second: 59 },
        dow: 0,
      })
      expect(decodeClockAnswer(withCrc([0x00, 0xa6, 0xb7, 0x20, 0x21, 0x07, 0x10, 0x00, 0x00, 0x01, 0x01, 0x27]), SERIAL).dow).toBe(7)
    })

    it('rejects a time or a date that cannot be, and a damaged checksum', () => {
      const clock = (...data: number[]) => withCrc([0x00, 0xa6, 0xb7, 0x20, 0x21, ...data])
      expect(() => decodeClockAnswer(clock(0x05, 0x24, 0x29, 0x45, 0x20, 0x11, 0x26), SERIAL)).toThrow(MeterFrameError)
      expect(() => decodeClockAnswer(clock(0x05, 0x14, 0x60, 0x45, 0x20, 0x11, 0x26), SERIAL)).toThrow(MeterFrameError)
      expect(() => decodeClockAnswer(clock(0x02, 0x14, 0x29, 0x45, 0x31, 0x02, 0x26), SERIAL)).toThrow(MeterFrameError)
      expect(() => decodeClockAnswer(clock(0x05, 0x14, 0x29, 0x45, 0x20, 0x13, 0x26), SERIAL)).toThrow(MeterFrameError)
      expect(() => decodeClockAnswer(hex('00 A6 B7 20 21 05 14 29 45 20 11 26 06 CF'), SERIAL)).toThrow(MeterCrcError)
    })
  })
})
