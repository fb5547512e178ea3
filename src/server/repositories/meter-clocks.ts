import { sql } from 'drizzle-orm'
import { DEFAULT_TIME_ZONE } from '../../shared/metering'
import { CLOCK_DRIFT_LIMIT_S, clockDriftExceeded } from '../../shared/meter-clock'
import type { DriftingMeter, MeterClock } from '../../shared/schemas/meter-clock'
import type { MeterConstant } from '../../shared/schemas/meter-constant'
import type { Executor } from '../db/client'
import { iso } from './tasks'

/** Monitoring lists at most this many meters with drifting clocks, the furthest off first. */
const DRIFTING_METERS_MAX = 100

/** The meter's clock as its last poll found it; undefined for an unknown meter. */
export async function meterClockOf(db: Executor, counterId: number): Promise<MeterClock | undefined> {
  const result = await db.execute(sql`
    select c.counter_id, coalesce(c.time_zone, (select time_zone from accounts order by account_id limit 1), ${DEFAULT_TIME_ZONE}) as time_zone,
      k.drift_s, ${iso('k.read_at')} as read_at, ${iso('k.corrected_at')} as corrected_at, k.correction_s
    from counters c left join meter_clocks k on k.counter_id = c.counter_id
    where c.counter_id = ${counterId}`)
  const row = result.rows[0] as Omit<MeterClock, 'exceeded' | 'limit_s'> | undefined
  if (!row) return undefined
  return { ...row, exceeded: row.drift_s !== null && clockDriftExceeded(row.drift_s), limit_s: CLOCK_DRIFT_LIMIT_S }
}

/** Active meters whose clock is beyond the limit, with the point each is installed on now. */
export async function driftingMeters(db: Executor): Promise<DriftingMeter[]> {
  const result = await db.execute(sql`
    select c.counter_id, c.serial_num, p.point_id, p.point_number, p.name as point_name, k.drift_s, ${iso('k.read_at')} as read_at
    from meter_clocks k
    join counters c on c.counter_id = k.counter_id
    left join point_counters pc on pc.counter_id = c.counter_id and pc.removed_at is null
    left join points p on p.point_id = pc.point_id
    where abs(k.drift_s) > ${CLOCK_DRIFT_LIMIT_S} and c.is_active
    order by abs(k.drift_s) desc, c.counter_id limit ${DRIFTING_METERS_MAX}`)
  return result.rows as DriftingMeter[]
}

/** The meter's constant: read by its last poll, overridden by its installation's parameters; undefined for an unknown meter. */
export async function meterConstantOf(db: Executor, counterId: number): Promise<MeterConstant | undefined> {
  const result = await db.execute<{ read: number | null; configured: string | null }>(sql`
    select c.meter_constant as read, pc.conn_params->>'meter_constant' as configured
    from counters c left join point_counters pc on pc.counter_id = c.counter_id and pc.removed_at is null
    where c.counter_id = ${counterId}`)
  const row = result.rows[0]
  if (!row) return undefined
  const configured = row.configured ? Number(row.configured) : null
  const read = row.read === null ? null : Number(row.read)
  return { read, configured, used: configured ?? read, mismatch: configured !== null && read !== null && configured !== read }
}
