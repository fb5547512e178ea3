import { describe, expect, it } from 'vitest'
import { demoFleet, type DemoMeter } from '../../../src/server/collector/demo-fleet'

const meters: DemoMeter[] = Array.from({ length: 12 }, (_, rank) => ({
  point_counter_id: rank + 1,
  point_name: `ТП-${rank + 1}`,
  port: '15230',
  counter_id: rank + 1,
  serial_num: String(30_000_000 + rank),
  driver: 'mercury230',
  net_address: String(rank + 1),
}))

describe('the demo fleet', () => {
  it('has one-direction meters, a meter with A = 1000 and one with a power outage in its recent history', () => {
    const startedAt = new Date('2026-11-20T12:34:56.000Z')
    const fleet = demoFleet(meters, startedAt)
    expect(fleet.filter((meter) => meter.oneDirection).length).toBeGreaterThanOrEqual(2)
    expect(fleet.filter((meter) => meter.meterConstant === 1000)).toHaveLength(1)
    expect(fleet.filter((meter) => meter.outage).map((meter) => meter.outage)).toEqual([{ from: new Date('2026-11-20T06:30:00.000Z'), hours: 3 }])
  })
})
