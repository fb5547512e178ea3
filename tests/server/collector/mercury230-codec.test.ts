import { describe, expect, it } from 'vitest'
import {
  MeterAccessDeniedError,
  MeterChannelNotOpenError,
  MeterCrcError,
  MeterFrameError,
  MeterStatusError,
  MeterValueError,
} from '../../../src/server/collector/protocol/errors'
import {
  BWRI,
  PARAMETER,
  PROFILE_STATUS_INCOMPLETE,
  answerBoundary,
  answerLength,
  auxAnswer,
  auxRequest,
  closeChannelRequest,
  completeAnswerLength,
  decodeAuxAnswer,
  decodeEnergyAnswer,
  decodeLastProfileRecordAnswer,
  decodeVariantAnswer,
  decodeProfileMemoryAnswer,
  decodeProfileRecord,
  decodeSerialAnswer,
  decodeStatusAnswer,
  encodeProfileRecord,
  energyAnswer,
  energyRequest,
  lastProfileRecordAnswer,
  lastProfileRecordRequest,
  meterConstantAnswer,
  openChannelRequest,
  parseRequest,
  profileMemoryRequest,
  requestLength,
  serialAnswer,
  serialRequest,
  testChannelRequest,
  variantRequest,
} from '../../../src/server/collector/protocol/mercury230'
import { withCrc } from '../../../src/server/collector/protocol/crc16'
import { hex, toHex } from './hex'

const ADDRESS = 0x11

describe('Mercury 230 requests', () => {
  it.each([
    ['test channel', () => testChannelRequest(ADDRESS), '11 00 0D E0'],
    ['open channel as admin with 222222', () => openChannelRequest(ADDRESS, 2, '222222'), '11 01 02 02 02 02 02 02 02 70 57'],
    ['open channel as user with 111111', () => openChannelRequest(0x31, 1, '111111'), '31 01 01 01 01 01 01 01 01 2E 10'],
    ['close channel', () => closeChannelRequest(ADDRESS), '11 02 8C 21'],
    ['energy since reset, total', () => energyRequest(ADDRESS, 0), '11 05 00 00 15 19'],
    ['energy since reset, tariff 3', () => energyRequest(ADDRESS, 3), '11 05 00 03 55 18'],
    ['serial number and date', () => serialRequest(ADDRESS), '11 08 00 26 05'],
    ['last profile record', () => lastProfileRecordRequest(ADDRESS), '11 08 13 67 C8'],
    ['active power, all phases', () => auxRequest(ADDRESS, BWRI.activePower), '11 08 16 00 8A BA'],
    ['voltage, all phases', () => auxRequest(ADDRESS, BWRI.voltage), '11 08 16 11 4A B6'],
    ['current, all phases', () => auxRequest(ADDRESS, BWRI.current), '11 08 16 21 4A A2'],
    ['cos phi, all phases', () => auxRequest(ADDRESS, BWRI.cosPhi), '11 08 16 30 8A AE'],
    ['frequency', () => auxRequest(ADDRESS, BWRI.frequency), '11 08 16 40 8B 4A'],
    ['angles between phases', () => auxRequest(ADDRESS, BWRI.angles), '11 08 16 51 4B 46'],
    ['one voltage value', () => auxRequest(ADDRESS, BWRI.voltage, PARAMETER.singleValue), '11 08 11 11 48 86'],
    ['profile memory record', () => profileMemoryRequest(ADDRESS, 0x0ff0), '11 06 03 0F F0 0F BF 19'],
  ])('builds %s byte for byte', (_name, build, expected) => {
    expect(toHex(build())).toBe(expected)
  })

  it('refuses passwords that are not six digits', () => {
    expect(() => openChannelRequest(ADDRESS, 1, '11111')).toThrow(RangeError)
  })

  it('knows the answer length of each request', () => {
    expect(answerLength(testChannelRequest(ADDRESS))).toBe(4)
    expect(answerLength(energyRequest(ADDRESS, 0))).toBe(19)
    expect(answerLength(serialRequest(ADDRESS))).toBe(10)
    expect(answerLength(lastProfileRecordRequest(ADDRESS))).toBe(12)
    expect(answerLength(auxRequest(ADDRESS, BWRI.activePower))).toBe(15)
    expect(answerLength(auxRequest(ADDRESS, BWRI.voltage))).toBe(12)
    expect(answerLength(auxRequest(ADDRESS, BWRI.frequency))).toBe(6)
    expect(answerLength(auxRequest(ADDRESS, BWRI.voltage, PARAMETER.singleValue))).toBe(6)
    expect(answerLength(profileMemoryRequest(ADDRESS, 0))).toBe(18)
  })
})

describe('Mercury 230 answers', () => {
  it('accepts status 0 to test, open and close', () => {
    expect(() => decodeStatusAnswer(hex('00 00 01 B0'), 0)).not.toThrow()
  })

  it.each([
    ['11 03 4D E1', MeterAccessDeniedError],
    ['11 05 CD E3', MeterChannelNotOpenError],
    ['11 01 CC 20', MeterStatusError],
  ])('turns status frame %s into a typed error, also in place of data', (frame, type) => {
    expect(() => decodeStatusAnswer(hex(frame), ADDRESS)).toThrow(type)
    expect(() => decodeEnergyAnswer(hex(frame), ADDRESS)).toThrow(type)
  })

  it('reports the status code of other refusals', () => {
    expect(() => decodeStatusAnswer(hex('11 01 CC 20'), ADDRESS)).toThrow(expect.objectContaining({ code: 1, kind: 'meter_status' }))
  })

  it('rejects a corrupted checksum, a foreign address and a wrong length', () => {
    expect(() => decodeStatusAnswer(hex('11 00 0D E1'), ADDRESS)).toThrow(MeterCrcError)
    expect(() => decodeStatusAnswer(hex('11 00 0D E0'), 0x12)).toThrow(MeterFrameError)
    expect(() => decodeEnergyAnswer(hex('11 00 0D E0'), ADDRESS)).toThrow(MeterFrameError)
  })

  it('decodes energy in the [1][0][3][2] byte order, FF FF FF FF as no channel', () => {
    const frame = hex('11 5B 07 15 CD FF FF FF FF 00 00 E8 03 00 00 00 00 51 98')
    expect(decodeEnergyAnswer(frame, ADDRESS)).toEqual({ aPlus: 123456.789, aMinus: null, rPlus: 1, rMinus: 0 })
    expect(toHex(energyAnswer(ADDRESS, { aPlus: 123456789, aMinus: null, rPlus: 1000, rMinus: 0 }))).toBe(toHex(frame))
  })

  it('decodes a captured cos phi answer with its direction bit masked', () => {
    const frame = hex('87 40 FA 01 00 00 00 00 00 00 40 FA 01 07 F8')
    expect(decodeAuxAnswer(frame, 0x87, BWRI.cosPhi)).toEqual([0.506, 0, 0, 0.506])
  })

  it('decodes voltages by phase', () => {
    expect(decodeAuxAnswer(hex('11 00 E7 59 00 CB 59 00 3E 5A 81 EB'), ADDRESS, BWRI.voltage)).toEqual([230.15, 229.87, 231.02])
  })

  it('signs active power by bit 7 and ignores the reactive bit 6', () => {
    const frame = hex('11 81 40 E2 00 10 27 80 D2 04 40 20 4E 58 D6')
    expect(decodeAuxAnswer(frame, ADDRESS, BWRI.activePower)).toEqual([-1234.56, 100, -12.34, 200])
    expect(toHex(auxAnswer(ADDRESS, BWRI.activePower, [-1234.56, 100, -12.34, 200]))).toBe('11 81 40 E2 00 10 27 80 D2 04 00 20 4E 59 02')
  })

  it('decodes a serial number and manufacture date captured from a meter', () => {
    const identity = decodeSerialAnswer(hex('4D 29 5A 40 43 16 06 14 C7 BA'), 0x4d)
    expect(identity.serial).toBe('41906467')
    expect(identity.manufactured.toISOString()).toBe('2020-06-21T21:00:00.000Z')
    expect(toHex(serialAnswer(0x4d, identity))).toBe('4D 29 5A 40 43 16 06 14 C7 BA')
  })

  it("reads a record's BCD time as the wall clock of the meter's zone", () => {
    // The same captured answer (13:00 28.12.22) from a meter kept in Yekaterinburg, UTC+5.
    const record = decodeLastProfileRecordAnswer(hex('4D 00 10 1A 13 00 28 12 22 1E 6A 4A'), 0x4d, 'Asia/Yekaterinburg')
    expect(record.end.toISOString()).toBe('2022-12-28T08:00:00.000Z')
    expect(toHex(lastProfileRecordAnswer(0x4d, record, 'Asia/Yekaterinburg'))).toBe('4D 00 10 1A 13 00 28 12 22 1E 6A 4A')
    const payload = hex('00 13 00 28 12 22 1E 10 27 00 00 E8 03 00 00')
    expect(decodeProfileRecord(payload, 5000, 'Asia/Yekaterinburg')!.end.toISOString()).toBe('2022-12-28T08:00:00.000Z')
  })

  it('decodes a captured last-record answer: address, status, BCD time, integration time', () => {
    const record = decodeLastProfileRecordAnswer(hex('4D 00 10 1A 13 00 28 12 22 1E 6A 4A'), 0x4d)
    expect(record).toEqual({ memoryAddress: 0x0010, status: 0x1a, end: new Date('2022-12-28T10:00:00.000Z'), minutes: 30 })
    expect(toHex(lastProfileRecordAnswer(0x4d, record))).toBe('4D 00 10 1A 13 00 28 12 22 1E 6A 4A')
    // the manual's request for the record at 0x0010 (p.96), byte for byte
    expect(toHex(profileMemoryRequest(0x80, 0x0010))).toBe('80 06 03 00 10 0F DA 5B')
  })

  // Found from the meter's side: T = 0 made the profile walk step by 0 ms and hang the collector; 31.02 was read as 03.03.
  it('refuses an integration time the profile grid cannot use, and a day the month does not have', () => {
    expect(() => decodeLastProfileRecordAnswer(withCrc(hex('4D 00 10 1A 13 00 28 12 22 00')), 0x4d)).toThrow(MeterFrameError)
    expect(() => decodeLastProfileRecordAnswer(withCrc(hex('4D 00 10 1A 13 00 28 12 22 FF')), 0x4d)).toThrow(MeterFrameError)
    expect(() => decodeLastProfileRecordAnswer(withCrc(hex('4D 00 10 1A 13 00 30 02 26 1E')), 0x4d)).toThrow(MeterFrameError)
    expect(() => decodeProfileRecord(hex('00 12 30 31 02 26 1E E8 03 00 00 00 00 00 00'), 5000)).toThrow(MeterFrameError)
    expect(decodeProfileRecord(hex('00 12 30 29 02 24 1E E8 03 00 00 00 00 00 00'), 5000)!.end.toISOString()).toBe('2024-02-29T09:30:00.000Z')
    expect(() => decodeProfileRecord(hex('00 12 30 29 02 24 00 E8 03 00 00 00 00 00 00'), 5000)).toThrow(MeterFrameError)
    expect(() => decodeProfileRecord(hex('00 12 30 29 02 24 FF E8 03 00 00 00 00 00 00'), 5000)).toThrow(MeterFrameError)
  })

  it('turns profile counts into energy at 2A impulses per kWh', () => {
    const payload = decodeProfileMemoryAnswer(hex('11 00 13 00 28 12 22 1E 10 27 00 00 E8 03 00 00 ED C9'), ADDRESS)
    const cell = decodeProfileRecord(payload, 5000)
    expect(cell).toEqual({
      status: 0,
      end: new Date('2022-12-28T10:00:00.000Z'),
      minutes: 30,
      energy: { aPlus: 1, aMinus: 0, rPlus: 0.1, rMinus: 0 },
    })
    expect(toHex(encodeProfileRecord(cell!, 5000))).toBe('00 13 00 28 12 22 1E 10 27 00 00 E8 03 00 00')
  })

  it('reads FF FF counts as no value in every channel and unwritten memory as no record', () => {
    const missing = decodeProfileMemoryAnswer(hex('11 00 13 00 28 12 22 1E FF FF FF FF FF FF FF FF 3F E3'), ADDRESS)
    expect(decodeProfileRecord(missing, 5000)?.energy).toEqual({ aPlus: null, aMinus: null, rPlus: null, rMinus: null })
    const empty = decodeProfileMemoryAnswer(hex('11 FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF 33 6C'), ADDRESS)
    expect(decodeProfileRecord(empty, 5000)).toBeNull()
  })

  // Initialising the profile array with flag 1 (03 00 1E 01) zeroes its records (manual p.15, note 1).
  it('reads memory zeroed by an initialisation as no record', () => {
    expect(decodeProfileRecord(new Uint8Array(15), 5000)).toBeNull()
  })
})

describe('Mercury 230 framing', () => {
  it('waits for the expected length but takes a refusal early', () => {
    const energy = hex('11 5B 07 15 CD FF FF FF FF 00 00 E8 03 00 00 00 00 51 98')
    expect(completeAnswerLength(energy.subarray(0, 10), 19)).toBeUndefined()
    expect(completeAnswerLength(energy, 19)).toBe(19)
    expect(completeAnswerLength(hex('11 05 CD E3'), 19)).toBe(4)
    expect(completeAnswerLength(hex('11 5B 07 15'), 19)).toBeUndefined()
  })

  // Found from the meter's side: a meter that answered a read with the status byte 0 was waited on until the timeout,
  // and the poll said «нет ответа» instead of what the meter had said.
  it('takes a status frame 0 where data was expected as an answer, and reads it as a status instead of data', () => {
    const done = hex('11 00 0D E0')
    expect(completeAnswerLength(done, 19)).toBe(4)
    expect(() => decodeEnergyAnswer(done, ADDRESS)).toThrow(new MeterFrameError('байт состояния вместо данных'))
  })

  it('parses requests on the meter side and tells their length from the first bytes', () => {
    expect(parseRequest(openChannelRequest(ADDRESS, 1, '123456'))).toEqual({
      address: ADDRESS,
      request: { kind: 'openChannel', level: 1, password: [1, 2, 3, 4, 5, 6] },
    })
    expect(parseRequest(energyRequest(ADDRESS, 2))?.request).toEqual({ kind: 'readEnergy', array: 0, month: 0, tariff: 2 })
    expect(parseRequest(profileMemoryRequest(ADDRESS, 0x1230))?.request).toEqual({ kind: 'readMemory', memory: 3, memoryAddress: 0x1230, length: 15 })
    // the 17th address bit of a 131x8 memory 3 in bit 7 of the memory byte (manual p.95, note 6)
    expect(toHex(profileMemoryRequest(ADDRESS, 0x17c90)).slice(0, 17)).toBe('11 06 83 7C 90 0F')
    expect(parseRequest(profileMemoryRequest(ADDRESS, 0x17c90))?.request).toEqual({ kind: 'readMemory', memory: 3, memoryAddress: 0x17c90, length: 15 })
    expect(parseRequest(hex('11 00 0D E1'))).toBeNull()
    expect(requestLength(hex('11'))).toBe(2)
    expect(requestLength(hex('11 08'))).toBe(3)
    expect(requestLength(hex('11 08 16'))).toBe(6)
    expect(requestLength(hex('11 08 13'))).toBe(5)
    expect(requestLength(hex('11 7F'))).toBeNull()
  })
})

/*
 * Frames of another driver's unit tests, checking layouts and sign bits, not measured values (a cos φ of -559 is no
 * meter's): wirenboard/wb-mqtt-serial test/mercury230_expectations.cpp at commit
 * 02fcc0efadff238757bf66fb970117d12429eb7c (the session opened with 01 x6, a one-direction meter's energy answer with
 * FF FF FF FF in A- and R-, and 08 11 answers whose first byte carries the direction bits).
 */
describe('Mercury 230 as real meters answer', () => {
  it('keeps the valid channels of a profile record whose A- and R- cells are FF FF (a one-direction meter)', () => {
    const payload = decodeProfileMemoryAnswer(hex('11 00 13 00 28 12 22 1E 10 27 FF FF E8 03 FF FF EC 62'), ADDRESS)
    expect(decodeProfileRecord(payload, 5000)?.energy).toEqual({ aPlus: 1, aMinus: null, rPlus: 0.1, rMinus: null })
    const cell = decodeProfileRecord(payload, 5000)!
    expect(toHex(encodeProfileRecord(cell, 5000))).toBe('00 13 00 28 12 22 1E 10 27 FF FF E8 03 FF FF')
  })

  it('reads the incomplete-interval flag from the record status byte', () => {
    const payload = decodeProfileMemoryAnswer(hex('11 02 13 00 28 12 22 1E 10 27 FF FF E8 03 FF FF 6E 63'), ADDRESS)
    expect(decodeProfileRecord(payload, 5000)!.status & PROFILE_STATUS_INCOMPLETE).toBe(PROFILE_STATUS_INCOMPLETE)
  })

  // A real meter's exchange, logged in MolokovAlex/CfgMercury at 0da9ee7b, modulVM/moduleProtocolMercury.py lines
  // 654-655 (fn_ReadParam_VariantNew): 12 data bytes, the 2nd byte E3 = A 500. The driver expected 3 data bytes,
  // cut the frame at 6 and failed its CRC on every poll, so no real meter's profile was ever read.
  it('reads the constant A from a real meter variant answer, 12 data bytes', () => {
    const captured = hex('87 B6 E3 C3 95 07 00 00 04 00 00 00 00 33 9F')
    expect(toHex(variantRequest(0x87))).toBe('87 08 12 00 A5 F2')
    expect(decodeVariantAnswer(captured, 0x87).meterConstant).toBe(500)
    const boundary = answerBoundary(variantRequest(0x87))
    for (let length = 1; length < captured.length; length++) expect(boundary(captured.subarray(0, length)), `${length} bytes`).toBeUndefined()
    expect(boundary(captured)).toBe(captured.length)
    // the form before about 2016 (fn_ReadParam_VariantOld): 08 12 with no parameter, 6 data bytes
    expect(toHex(variantRequest(0x87, 'old'))).toBe(toHex(withCrc([0x87, 0x08, 0x12])))
    const old = withCrc([0x87, 0xb6, 0xe3, 0xc3, 0x95, 0x07, 0x00])
    expect(answerBoundary(variantRequest(0x87, 'old'))(old)).toBe(9)
    expect(decodeVariantAnswer(old, 0x87).meterConstant).toBe(500)
    // or 8 data bytes («6 или 8 двоичных байт», manual §4.4.16.1)
    const old8 = withCrc(hex('42 B4 E3 C2 97 DF 58 0C 00'))
    expect(answerBoundary(variantRequest(0x42, 'old'))(old8)).toBe(11)
    expect(decodeVariantAnswer(old8, 0x42).meterConstant).toBe(500)
    // 4th byte 95: bit 7 says memory 3 is 131x8 (manual p.75)
    expect(decodeVariantAnswer(captured, 0x87).largeProfileMemory).toBe(true)
    expect(decodeVariantAnswer(meterConstantAnswer(0x87, 500), 0x87).largeProfileMemory).toBe(false)
  })

  it('reads the constant A from the low nibble of the 2nd byte of the variant answer', () => {
    expect(decodeVariantAnswer(withCrc([ADDRESS, 0x00, 0x04, 0x00, 0x00, 0x00, 0x00]), ADDRESS).meterConstant).toBe(1000)
    expect(() => decodeVariantAnswer(withCrc([ADDRESS, 0x00, 0x07, 0x00, 0x00, 0x00, 0x00]), ADDRESS).meterConstant).toThrow(MeterValueError)
    const table: [number, number][] = [
      [0, 5000],
      [1, 25000],
      [2, 1250],
      [3, 500],
      [4, 1000],
      [5, 250],
    ]
    for (const [code, constant] of table) {
      // the high nibble carries other variant bits and does not matter
      expect(decodeVariantAnswer(withCrc([ADDRESS, 0xb3, 0x70 | code, 0x41, 0x00, 0x00, 0x00]), ADDRESS).meterConstant).toBe(constant)
      expect(decodeVariantAnswer(meterConstantAnswer(ADDRESS, constant), ADDRESS).meterConstant).toBe(constant)
    }
    expect(() => decodeVariantAnswer(withCrc([ADDRESS, 0x00, 0x09, 0x00, 0x00, 0x00, 0x00]), ADDRESS).meterConstant).toThrow(MeterValueError)
    // a 3-byte variant is not an answer: it would be the length of an echoed request
    expect(() => decodeVariantAnswer(withCrc([ADDRESS, 0x00, 0x04, 0x00]), ADDRESS).meterConstant).toThrow(MeterFrameError)
  })

  it("signs cos phi by the active power direction bit of wb-mqtt-serial's test frame", () => {
    // PF1: 88 = active direction bit set (bit 7), bit 3 of the value; the test's comment calls the active power negative
    expect(decodeAuxAnswer(hex('00 88 87 88 E3 98'), 0x00, 0x31, PARAMETER.singleValue)).toEqual([-559.239])
    // bit 6 (the reactive direction) alone leaves cos phi positive
    expect(decodeAuxAnswer(hex('87 40 FA 01 00 00 00 00 00 00 40 FA 01 07 F8'), 0x87, BWRI.cosPhi)).toEqual([0.506, 0, 0, 0.506])
    expect(decodeAuxAnswer(auxAnswer(ADDRESS, BWRI.cosPhi, [-0.9, 0.95, -0.8, 1]), ADDRESS, BWRI.cosPhi)).toEqual([-0.9, 0.95, -0.8, 1])
  })

  it('sends the password as digit values by default and as ASCII codes in ASCII mode', () => {
    expect(toHex(openChannelRequest(0x00, 1, '111111'))).toBe('00 01 01 01 01 01 01 01 01 77 81')
    expect(toHex(openChannelRequest(0x00, 2, '123456', 'ascii'))).toBe('00 01 02 31 32 33 34 35 36 0C D5')
    expect(toHex(openChannelRequest(0x00, 2, 'Ab3!x_', 'ascii'))).toBe(toHex(withCrc([0, 1, 2, 0x41, 0x62, 0x33, 0x21, 0x78, 0x5f])))
    expect(() => openChannelRequest(0x00, 1, 'abcdef')).toThrow(RangeError)
    expect(() => openChannelRequest(0x00, 1, 'пароль', 'ascii')).toThrow(RangeError)
    expect(parseRequest(openChannelRequest(0x00, 2, '123456', 'ascii'))?.request).toEqual({
      kind: 'openChannel',
      level: 2,
      password: [0x31, 0x32, 0x33, 0x34, 0x35, 0x36],
    })
  })
})
