import { sql } from 'drizzle-orm'
import type { Executor } from '../db/client'
import { demoConsumerOf } from '../db/seed/demo-network'
import type { EmulatedMeterSpec, MeterFaults } from './emulator/meter-spec'
import type { MeterProtocol } from './meter-values'
import { HALF_HOUR_MS } from './moscow-time'

/** The loopback address and default port of the emulator `npm start` runs for the demo meters. */
export const DEMO_EMULATOR_HOST = '127.0.0.1'
export const DEMO_EMULATOR_PORT = 15230
/**
 * When the port is taken (another product on the machine), the emulator takes one of the next ports, and the demo
 * installations are moved to it: the meters are found on any port of this range.
 */
export const DEMO_EMULATOR_PORT_RANGE = 20

/** A changed password the demo installation does not know: that meter refuses access. */
const CHANGED_PASSWORDS = { user: '654321', admin: '876543' }

/**
 * Deliberately faulty demo meters by their rank among the demo fleet (ordered by counter id), so that monitoring
 * has something to show: the first ranks are also the ones polled every minute by the demo tasks.
 */
const DEMO_FAULTS: Record<number, { faults?: MeterFaults; passwords?: typeof CHANGED_PASSWORDS }> = {
  2: { faults: { dead: true } },
  5: { passwords: CHANGED_PASSWORDS },
  7: { faults: { timeoutRate: 0.5 } },
  11: { faults: { crcErrorRate: 0.3 } },
}

/** The demo meter whose clock is off beyond the limit and keeps drifting, so that the clock's flag has something to show. */
export const DEMO_DRIFTING_CLOCK = { rank: 3, clock: { offsetS: 95, driftSPerDay: 2 } }

/**
 * Demo Mercury 230s that show what a real meter's profile holds, by rank: one-direction meters (FF FF in A- and
 * R-), a meter with A = 1000 (an office load, within the 16-bit cells at that constant) and one whose power was
 * off for 3 hours, 6 hours before the emulator started (no records for those intervals).
 */
const DEMO_PROFILE_CASES: Record<number, (startedAt: Date) => Partial<EmulatedMeterSpec>> = {
  3: () => ({ oneDirection: true }),
  8: () => ({ meterConstant: 1000 }),
  9: () => ({ oneDirection: true }),
  10: (startedAt) => {
    const halfHour = Math.floor(startedAt.getTime() / HALF_HOUR_MS) * HALF_HOUR_MS
    return { outage: { from: new Date(halfHour - 6 * 3_600_000), hours: 3 } }
  },
}

export interface DemoMeter {
  point_counter_id: number
  point_name: string
  port: string
  counter_id: number
  serial_num: string
  driver: MeterProtocol
  net_address: string
}

/**
 * The demo installations the emulator stands for: those pointing at its host on a port of its range, or of the default
 * port's range, where the demo seed points them whatever EMULATOR_PORT says.
 */
export async function demoMeters(db: Executor, port: number): Promise<DemoMeter[]> {
  const ports = [...new Set([port, DEMO_EMULATOR_PORT].flatMap((first) => Array.from({ length: DEMO_EMULATOR_PORT_RANGE }, (_, i) => String(first + i))))]
  const result = await db.execute(sql`
    select pc.point_counter_id, p.name as point_name, pc.conn_params->>'port' as port, c.counter_id, c.serial_num, api.driver,
      pc.conn_params->>'net_address' as net_address
    from point_counters pc
    join points p on p.point_id = pc.point_id
    join counters c on c.counter_id = pc.counter_id
    join counter_models m on m.model_id = c.model_id
    join counter_model_apis api on api.counter_model_api_id = m.counter_model_api_id
    where pc.removed_at is null and api.driver in ('mercury230', 'mercury206')
      and pc.conn_params->>'host' = ${DEMO_EMULATOR_HOST} and pc.conn_params->>'port' in ${ports}
    order by c.counter_id`)
  return result.rows as unknown as DemoMeter[]
}

/** Points the demo installations that are elsewhere at the port the emulator listens on. */
export async function moveDemoMeters(db: Executor, meters: DemoMeter[], port: number): Promise<void> {
  const moved = meters.filter((meter) => meter.port !== String(port)).map((meter) => meter.point_counter_id)
  if (moved.length === 0) return
  await db.execute(sql`
    update point_counters set conn_params = conn_params || ${JSON.stringify({ port: String(port) })}::jsonb
    where point_counter_id in ${moved}`)
}

/**
 * Virtual meters answering for the demo installations, with the faults of DEMO_FAULTS and the cases of
 * DEMO_PROFILE_CASES. Each plays the load model the demo history was seeded from (the meter's id as seed, its
 * point's consumer), so its registers and profile continue that history rather than jump to another meter's.
 */
export function demoFleet(meters: DemoMeter[], startedAt = new Date()): EmulatedMeterSpec[] {
  return meters.map((meter, rank): EmulatedMeterSpec => {
    const fault = DEMO_FAULTS[rank] ?? {}
    const consumerType = demoConsumerOf(meter.point_name)
    const base = { address: Number(meter.net_address), seed: meter.counter_id, faults: fault.faults, consumerType }
    if (meter.driver === 'mercury206') return { ...base, protocol: 'mercury206' }
    const clock = rank === DEMO_DRIFTING_CLOCK.rank ? DEMO_DRIFTING_CLOCK.clock : undefined
    const profileCase = DEMO_PROFILE_CASES[rank]?.(startedAt) ?? {}
    return { ...base, protocol: 'mercury230', serial: meter.serial_num.padStart(8, '0').slice(-8), passwords: fault.passwords, clock, ...profileCase }
  })
}
