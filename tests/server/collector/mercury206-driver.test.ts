import { describe, expect, it } from 'vitest'
import { createMeterDriver } from '../../../src/server/collector/drivers/create-meter-driver'
import type { EmulatedMeterSpec } from '../../../src/server/collector/emulator/meter-spec'
import { instantValues, registerReading } from '../../../src/server/collector/load-model'
import type { Tariff } from '../../../src/server/collector/meter-values'
import { MeterTimeoutError } from '../../../src/server/collector/protocol/errors'
import { decodeInstantAnswer, decodeRelayStateAnswer } from '../../../src/server/collector/protocol/mercury206'
import { VirtualMercury206 } from '../../../src/server/collector/emulator/virtual-mercury206'
import { connection, emulate, expectRegister, NOW } from './emulator-harness'

const SERIAL = 40_001_234
const METER: EmulatedMeterSpec = { protocol: 'mercury206', address: SERIAL, consumerType: 'flat', seed: 77 }
const HOUR = 3_600_000

function registerKwh(at: Date, tariff: Exclude<Tariff, 0>): number {
  return registerReading(METER.seed, METER.consumerType, at, tariff).aPlus
}

describe('Mercury 206 driver against the emulator', () => {
  it('reads the serial number, the tariff registers and their total', async () => {
    const emulator = await emulate({ meters: [METER] })
    const driver = createMeterDriver('mercury206', connection(emulator, SERIAL))
    await driver.open()
    expect(await driver.readInfo()).toEqual({ serial: String(SERIAL), manufactured: null })
    const tariffs: number[] = []
    for (const tariff of [1, 2, 3, 4] as const) {
      const energy = await driver.readEnergy(tariff)
      expect(energy).toMatchObject({ aMinus: null, rPlus: null, rMinus: null })
      expectRegister(energy.aPlus, registerKwh(NOW, tariff), 0.01)
      tariffs.push(energy.aPlus!)
    }
    expect((await driver.readEnergy(0)).aPlus).toBeCloseTo(
      tariffs.reduce((sum, kwh) => sum + kwh, 0),
      9,
    )
    await driver.close()
  })

  it('reads voltage, current and power of its one phase', async () => {
    const emulator = await emulate({ meters: [METER] })
    const driver = createMeterDriver('mercury206', connection(emulator, SERIAL))
    await driver.open()
    const values = await driver.readInstant()
    const model = instantValues(METER.seed, METER.consumerType, NOW).phases.a
    expect(values.phases.a.voltage).toBeCloseTo(model.voltage!, 1)
    expect(values.phases.a.current).toBeCloseTo(model.current!, 2)
    expect(Math.abs(values.phases.a.activePower! - model.activePower!)).toBeLessThanOrEqual(0.5)
    expect(values.phases.b.voltage).toBeNull()
    expect(values.frequency).toBeNull()
    await driver.close()
  })

  it('switches the consumer off and on: the current drops to zero and the registers stand still', async () => {
    let now = NOW
    const emulator = await emulate({ meters: [METER], clock: () => now })
    const driver = createMeterDriver('mercury206', connection(emulator, SERIAL))
    await driver.open()
    expect((await driver.readInstant()).phases.a.current).toBeGreaterThan(0)

    expect(await driver.setRelay!(false)).toBe('off')
    const offAt = now
    now = new Date(NOW.getTime() + 2 * HOUR)
    const off = await driver.readInstant()
    expect(off.phases.a.current).toBe(0)
    expect(off.phases.a.activePower).toBe(0)
    expect(off.phases.a.voltage).toBeGreaterThan(219)
    expectRegister((await driver.readEnergy(3)).aPlus, registerKwh(offAt, 3), 0.01)

    expect(await driver.setRelay!(true)).toBe('on')
    const onAt = now
    now = new Date(NOW.getTime() + 3 * HOUR)
    expect((await driver.readInstant()).phases.a.current).toBeGreaterThan(0)
    const withheld = registerKwh(onAt, 3) - registerKwh(offAt, 3)
    expectRegister((await driver.readEnergy(3)).aPlus, registerKwh(now, 3) - withheld, 0.01)
    await driver.close()
  })

  // 71 5A is «эмуляция нажатия кнопок» since firmware 6.4 (206 manual, table 4, RELE), not "on": the driver sent it,
  // the meter echoed it, and the consumer stayed disconnected while the log said «Нагрузка включена».
  it('takes 71 5A for a button press, which leaves the consumer off', () => {
    const meter = new VirtualMercury206(METER)
    const relay = (rele: number) => meter.answer({ address: SERIAL, command: 0x71, data: Uint8Array.of(rele) }, NOW)
    expect(relay(0xaa)).not.toBeNull()
    expect(relay(0x5a)).not.toBeNull()
    const mode = meter.answer({ address: SERIAL, command: 0x6d, data: new Uint8Array() }, NOW)!
    expect(decodeRelayStateAnswer(mode, SERIAL)).toBe('off')
    expect(decodeInstantAnswer(meter.answer({ address: SERIAL, command: 0x63, data: new Uint8Array() }, NOW)!, SERIAL).current).toBe(0)
  })

  it('has a relay but no power profile', () => {
    const driver = createMeterDriver('mercury206', connection({ port: 1 }, SERIAL))
    expect(driver.setRelay).toBeTypeOf('function')
    expect(driver.readProfile).toBeUndefined()
  })

  it('shares the bus with Mercury 230 meters and stays silent for other serial numbers', async () => {
    const emulator = await emulate({
      meters: [METER, { protocol: 'mercury230', address: 1, consumerType: 'shop', seed: 5 }],
    })
    const flat = createMeterDriver('mercury206', connection(emulator, SERIAL))
    const shop = createMeterDriver('mercury230', connection(emulator, 1))
    await flat.open()
    await shop.open()
    expectRegister((await flat.readEnergy(1)).aPlus, registerKwh(NOW, 1), 0.01)
    expectRegister((await shop.readEnergy(1)).aPlus, registerReading(5, 'shop', NOW, 1).aPlus, 0.001)
    await flat.close()
    await shop.close()
    const stranger = createMeterDriver('mercury206', connection(emulator, SERIAL + 1, { timeout_ms: '80', retries: '0' }))
    await expect(stranger.open()).rejects.toThrow(MeterTimeoutError)
  })
})
