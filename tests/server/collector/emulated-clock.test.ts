import { describe, expect, it } from 'vitest'
import { DEMO_DRIFTING_CLOCK, demoFleet, type DemoMeter } from '../../../src/server/collector/demo-fleet'
import { VirtualMercury230 } from '../../../src/server/collector/emulator/virtual-mercury230'
import { fromZonedParts } from '../../../src/server/collector/meter-time'
import { decodeClockAnswer } from '../../../src/server/collector/protocol/mercury230-clock'
import { mercury230 } from '../collection-fixtures'

const DAY_MS = 86_400_000
const start = new Date('2026-11-20T12:10:00.000Z')

/** The emulated meter's clock minus `now`, in seconds, through its own 04 00 answer. */
function driftOf(meter: VirtualMercury230, now: Date): number {
  meter.answer({ kind: 'openChannel', level: 1, password: [1, 1, 1, 1, 1, 1] }, now)
  const reading = decodeClockAnswer(meter.answer({ kind: 'readClock' }, now), meter.spec.address)
  return (fromZonedParts(reading.local, 'Europe/Moscow').getTime() - now.getTime()) / 1000
}

describe('the emulated clock', () => {
  it('starts off by its offset and gains its drift a day', () => {
    const meter = new VirtualMercury230(mercury230(1, { clock: { offsetS: 95, driftSPerDay: 2 } }))
    expect(driftOf(meter, start)).toBe(95)
    expect(driftOf(meter, new Date(start.getTime() + 3 * DAY_MS))).toBe(101)
  })

  it('keeps its drifting clock on one demo Mercury 230', () => {
    const meters: DemoMeter[] = Array.from({ length: 6 }, (_, i) => ({
      point_counter_id: i + 1,
      point_name: `ТП-${i + 1}`,
      port: '15230',
      counter_id: i + 1,
      serial_num: String(50_000_000 + i),
      driver: 'mercury230',
      net_address: String(i + 1),
    }))
    const fleet = demoFleet(meters)
    expect(fleet.filter((spec) => spec.clock)).toEqual([expect.objectContaining({ address: DEMO_DRIFTING_CLOCK.rank + 1, clock: DEMO_DRIFTING_CLOCK.clock })])
  })
})
