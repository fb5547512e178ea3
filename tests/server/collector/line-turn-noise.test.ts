import { describe, expect, it } from 'vitest'
import { createMeterDriver } from '../../../src/server/collector/drivers/create-meter-driver'
import type { MeterDriver } from '../../../src/server/collector/drivers/meter-driver'
import type { EmulatedMeterSpec, MeterFaults } from '../../../src/server/collector/emulator/meter-spec'
import type { MeterProtocol } from '../../../src/server/collector/meter-values'
import { MeterCrcError } from '../../../src/server/collector/protocol/errors'
import { connection, emulate } from './emulator-harness'

/*
 * An RS-485 adapter slow to turn the line round from sending to receiving puts 00 (sometimes FF) ahead of the answer
 * (eModbus #308 and #40, minimalmodbus #61, libmodbus #14). Every answer was cut from offset 0 and failed its CRC, so
 * no meter behind such an adapter was ever read. Through the emulator playing that adapter, over TCP.
 */

const M230: EmulatedMeterSpec = { protocol: 'mercury230', address: 17, serial: '12345678', consumerType: 'industrial', seed: 4242 }
// A Mercury 200.02 addressed by the last six digits of its serial 06925646: 00 0E 1F CE, an address beginning with 00.
const M206: EmulatedMeterSpec = { protocol: 'mercury206', address: 925_646, consumerType: 'flat', seed: 77 }

/** What a driver reads of the meter: its serial, the total registers and the phase values. */
async function readThrough(protocol: MeterProtocol, spec: EmulatedMeterSpec, faults: MeterFaults, netAddress = spec.address) {
  const emulator = await emulate({ meters: [{ ...spec, faults }] })
  const driver: MeterDriver = createMeterDriver(protocol, connection(emulator, netAddress, { retries: '0' }))
  await driver.open()
  try {
    return { info: await driver.readInfo(), energy: await driver.readEnergy(0), instant: await driver.readInstant() }
  } finally {
    await driver.close()
  }
}

describe('answers behind line-turn noise', () => {
  it.each([
    ['00', { lineTurnNoise: [0x00] }],
    ['FF', { lineTurnNoise: [0xff] }],
    ['FF 00 00 in pieces', { lineTurnNoise: [0xff, 0x00, 0x00], fragmentAnswers: true }],
  ])('reads a Mercury 230 whose answers come after %s', async (_, faults) => {
    expect(await readThrough('mercury230', M230, faults)).toEqual(await readThrough('mercury230', M230, {}))
  })

  it('reads a Mercury 230 at the universal address 0, whose answers begin with 00 themselves', async () => {
    expect(await readThrough('mercury230', M230, { lineTurnNoise: [0x00] }, 0)).toEqual(await readThrough('mercury230', M230, {}))
  })

  it.each([
    ['00', { lineTurnNoise: [0x00] }],
    ['FF', { lineTurnNoise: [0xff] }],
    ['00 00 in pieces', { lineTurnNoise: [0x00, 0x00], fragmentAnswers: true }],
  ])('reads a Mercury 206 whose address begins with 00 and whose answers come after %s', async (_, faults) => {
    expect(await readThrough('mercury206', M206, faults)).toEqual(await readThrough('mercury206', M206, {}))
  })

  it('still reports a damaged Mercury 206 answer as one', async () => {
    await expect(readThrough('mercury206', M206, { crcErrorRate: 1 })).rejects.toBeInstanceOf(MeterCrcError)
  })

  // At address 0 a damaged status answer 00 00 … may be the meter's 00 00 … after one noise byte still coming: it is
  // held back for it until the timeout, and then reported as the damaged answer it is, not as silence.
  it('reports a damaged answer held back for a frame after noise that never came as damaged', async () => {
    await expect(readThrough('mercury230', M230, { crcErrorRate: 1 }, 0)).rejects.toBeInstanceOf(MeterCrcError)
  })
})
