import { describe, expect, it } from 'vitest'
import { crc16Modbus, hasValidCrc, withCrc } from '../../../src/server/collector/protocol/crc16'
import { hex, toHex } from './hex'

describe('CRC-16/MODBUS', () => {
  it('gives the catalogue check value for "123456789"', () => {
    expect(crc16Modbus(new TextEncoder().encode('123456789'))).toBe(0x4b37)
  })

  it.each([
    // Requests logged by ESPHome-Mercury230 users and Shden/mercury236, answers captured from meters.
    ['31 00', '14 20'],
    ['31 01 01 01 01 01 01 01 01', '2E 10'],
    ['31 08 16 00', '81 7A'],
    ['00 00', '01 B0'],
    ['00 02', '80 71'],
    ['00 A6 B7 20 28', 'AF 70'],
    ['87 40 FA 01 00 00 00 00 00 00 40 FA 01', '07 F8'],
    ['4D 00 10 1A 13 00 28 12 22 1E', '6A 4A'],
  ])('appends the checksum of %s low byte first', (body, crc) => {
    expect(toHex(withCrc(hex(body)))).toBe(`${body} ${crc}`)
  })

  it('accepts an intact frame and rejects a flipped bit or a short one', () => {
    const frame = hex('00 A6 B7 20 28 AF 70')
    expect(hasValidCrc(frame)).toBe(true)
    frame[2] = frame[2]! ^ 0x01
    expect(hasValidCrc(frame)).toBe(false)
    expect(hasValidCrc(hex('AF 70'))).toBe(false)
  })
})
