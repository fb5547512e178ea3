import net from 'node:net'
import { describe, expect, it } from 'vitest'
import { takeRequest } from '../../../src/server/collector/emulator/bus-framing'
import { FrameTransport } from '../../../src/server/collector/drivers/frame-transport'
import type { EmulatedMeterSpec } from '../../../src/server/collector/emulator/meter-spec'
import { registerReading } from '../../../src/server/collector/load-model'
import { withCrc } from '../../../src/server/collector/protocol/crc16'
import { MeterChannelNotOpenError } from '../../../src/server/collector/protocol/errors'
import * as m206 from '../../../src/server/collector/protocol/mercury206'
import * as m230 from '../../../src/server/collector/protocol/mercury230'
import { emulate, expectRegister, NOW } from './emulator-harness'

const SHOP: EmulatedMeterSpec = { protocol: 'mercury230', address: 3, consumerType: 'shop', seed: 9 }
const FLAT: EmulatedMeterSpec = { protocol: 'mercury206', address: 40_000_001, consumerType: 'flat', seed: 10 }

function boundary(expected: number) {
  return (received: Uint8Array) => m230.completeAnswerLength(received, expected)
}

describe('bus framing', () => {
  it('waits for a whole request, then takes it', () => {
    const request = m230.openChannelRequest(3, 1, '111111')
    expect(takeRequest(request.subarray(0, 6))).toEqual({ consumed: 0, request: null })
    expect(takeRequest(request)).toMatchObject({ consumed: 11, request: { protocol: 'mercury230', address: 3 } })
  })

  it('tells the two protocols apart by their checksums', () => {
    expect(takeRequest(m206.energyRequest(FLAT.address))).toMatchObject({ consumed: 7, request: { protocol: 'mercury206', address: FLAT.address } })
    expect(takeRequest(m230.energyRequest(3, 0))).toMatchObject({ consumed: 6, request: { protocol: 'mercury230', address: 3 } })
  })

  it('skips line noise in front of a request', () => {
    const noisy = new Uint8Array([0xff, 0x42, ...m230.testChannelRequest(3)])
    expect(takeRequest(noisy)).toMatchObject({ consumed: 6, request: { protocol: 'mercury230', request: { kind: 'test' } } })
  })

  it('consumes a valid frame it does not understand without a request', () => {
    // 08 01: the meter's version, which the emulated meters do not answer
    expect(takeRequest(withCrc([0x03, 0x08, 0x01]))).toEqual({ consumed: 5, request: null })
  })
})

describe('meter emulator over TCP', () => {
  it('answers a request that arrives one byte at a time', async () => {
    const emulator = await emulate({ meters: [SHOP] })
    const socket = net.createConnection({ host: emulator.host, port: emulator.port })
    await new Promise((resolve) => socket.once('connect', resolve))
    const answer = new Promise<Buffer>((resolve) => socket.once('data', resolve))
    for (const byte of m230.testChannelRequest(3)) {
      socket.write(Uint8Array.of(byte))
      await new Promise((resolve) => setTimeout(resolve, 2))
    }
    const frame = new Uint8Array(await answer)
    expect(() => m230.decodeStatusAnswer(frame, 3)).not.toThrow()
    socket.destroy()
  })

  it('answers "channel not open" to reads before the password, and data after it', async () => {
    const emulator = await emulate({ meters: [SHOP] })
    const transport = await FrameTransport.connect(emulator.host, emulator.port, 500)
    const energy = m230.energyRequest(3, 0)
    const refused = await transport.exchange(energy, boundary(m230.answerLength(energy)), 500)
    expect(() => m230.decodeEnergyAnswer(refused, 3)).toThrow(MeterChannelNotOpenError)
    const open = m230.openChannelRequest(3, 1, '111111')
    m230.decodeStatusAnswer(await transport.exchange(open, boundary(4), 500), 3)
    const registers = m230.decodeEnergyAnswer(await transport.exchange(energy, boundary(m230.answerLength(energy)), 500), 3)
    expectRegister(registers.aPlus, registerReading(SHOP.seed, SHOP.consumerType, NOW, 0).aPlus, 0.001)
    transport.close()
  })

  it('refuses two meters of one protocol on one address', async () => {
    await expect(emulate({ meters: [SHOP, { ...SHOP, seed: 1 }] })).rejects.toThrow(/address 3/)
  })
})
