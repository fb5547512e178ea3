import { describe, expect, it } from 'vitest'
import { buildFleet } from '../../../src/server/collector/emulator/fleet'
import { MERCURY230_MAX_NET_ADDRESS } from '../../../src/shared/validation/conn-params'

describe('emulated fleet', () => {
  it('is the same for the same seed and gives the requested share of faulty meters', () => {
    const fleet = buildFleet({ count: 40, faultyPercent: 25, seed: 3 })
    expect(buildFleet({ count: 40, faultyPercent: 25, seed: 3 })).toEqual(fleet)
    const faulty = fleet.filter((meter) => meter.passwords || meter.faults?.dead || meter.faults?.timeoutRate || meter.faults?.crcErrorRate)
    expect(faulty).toHaveLength(10)
  })

  it('puts flats on Mercury 206 and the rest on unique Mercury 230 bus addresses', () => {
    const fleet = buildFleet({ count: 60, faultyPercent: 0 })
    for (const meter of fleet) expect(meter.protocol).toBe(meter.consumerType === 'flat' ? 'mercury206' : 'mercury230')
    const busAddresses = fleet.filter((meter) => meter.protocol === 'mercury230').map((meter) => meter.address)
    expect(new Set(busAddresses).size).toBe(busAddresses.length)
    expect(Math.max(...busAddresses)).toBeLessThanOrEqual(MERCURY230_MAX_NET_ADDRESS)
    expect(new Set(fleet.map((meter) => meter.consumerType)).size).toBe(7)
  })

  it('refuses more Mercury 230 meters than one bus can address', () => {
    expect(() => buildFleet({ count: 600, faultyPercent: 0 })).toThrow(RangeError)
  })
})
