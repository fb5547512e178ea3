import { sql } from 'drizzle-orm'
import { DEFAULT_TIME_ZONE, INTERVAL_STATUS } from '../../shared/metering'
import type { Executor } from '../db/client'

export type IntervalRow = { counter_id: number; channel: number; interval_start: Date; minutes?: number; value: number | null; status?: number }
export type RegisterRow = { counter_id: number; channel: number; tariff: number; read_at: Date; value: number }
export type PhaseRow = {
  counter_id: number
  read_at: Date
  phase: number
  voltage?: number | null
  current?: number | null
  active_power?: number | null
  reactive_power?: number | null
  apparent_power?: number | null
  cos_phi?: number | null
  angle?: number | null
  frequency?: number | null
}

/** Rows per statement: arrays through unnest keep the statement count (and PGlite's round trips) low. */
const CHUNK = 20_000

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = []
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK))
  return out
}

export const pgArray = (values: unknown[]) => `{${values.map((v) => (v === null || v === undefined ? 'NULL' : String(v))).join(',')}}`

/**
 * Stores interval values and brings the daily rollup of every touched day up to date in the same call: the one
 * way values enter the database. A newer reading of an interval replaces the old one, except (docs/vee.md):
 * a manual edit stays until a person changes it; a missing reading does not wipe a value (an estimate stays
 * until the meter gives the interval); an unchanged value keeps its status (a suspect or accepted interval
 * re-read by the next poll is not reset).
 */
export async function storeIntervals(db: Executor, rows: IntervalRow[], timeZone: string = DEFAULT_TIME_ZONE): Promise<void> {
  if (rows.length === 0) return
  for (const part of chunks(rows)) {
    await db.execute(sql`
      insert into interval_values (counter_id, channel, interval_start, minutes, value, status)
      select * from unnest(
        ${pgArray(part.map((r) => r.counter_id))}::int[],
        ${pgArray(part.map((r) => r.channel))}::smallint[],
        ${pgArray(part.map((r) => r.interval_start.toISOString()))}::timestamptz[],
        ${pgArray(part.map((r) => r.minutes ?? 30))}::smallint[],
        ${pgArray(part.map((r) => r.value))}::float8[],
        ${pgArray(part.map((r) => r.status ?? 0))}::smallint[])
      on conflict (counter_id, channel, interval_start)
      do update set value = excluded.value, status = excluded.status, minutes = excluded.minutes
      where interval_values.status <> ${INTERVAL_STATUS.EDITED}
        and (excluded.status <> ${INTERVAL_STATUS.MISSING} or interval_values.value is null)
        and ((interval_values.value, interval_values.minutes) is distinct from (excluded.value, excluded.minutes)
             or interval_values.status = ${INTERVAL_STATUS.ESTIMATED} and excluded.status = ${INTERVAL_STATUS.VALID})`)
  }
  await refreshDailyValues(db, rows, timeZone)
}

/** Recomputes the daily sums of the days the given rows fall in. */
export async function refreshDailyValues(db: Executor, rows: Pick<IntervalRow, 'counter_id' | 'interval_start'>[], timeZone: string = DEFAULT_TIME_ZONE) {
  const counterIds = [...new Set(rows.map((r) => r.counter_id))]
  let from = Infinity
  let to = -Infinity
  for (const r of rows) {
    from = Math.min(from, r.interval_start.getTime())
    to = Math.max(to, r.interval_start.getTime())
  }
  await db.execute(sql`
    with bounds as (
      select (date_trunc('day', ${new Date(from).toISOString()}::timestamptz at time zone ${timeZone}) at time zone ${timeZone}) as lo,
             (date_trunc('day', ${new Date(to).toISOString()}::timestamptz at time zone ${timeZone}) at time zone ${timeZone}) + interval '1 day' as hi)
    insert into daily_values (counter_id, channel, day, value, valid_intervals, missing_intervals)
    select v.counter_id, v.channel, (v.interval_start at time zone ${timeZone})::date,
           coalesce(sum(v.value) filter (where v.status <> 1), 0),
           count(*) filter (where v.status = 0),
           count(*) filter (where v.status = 1)
    from interval_values v, bounds b
    where v.counter_id = any(${pgArray(counterIds)}::int[]) and v.interval_start >= b.lo and v.interval_start < b.hi
    group by 1, 2, 3
    on conflict (counter_id, channel, day)
    do update set value = excluded.value, valid_intervals = excluded.valid_intervals, missing_intervals = excluded.missing_intervals`)
}

export async function storeRegisterReadings(db: Executor, rows: RegisterRow[]): Promise<void> {
  for (const part of chunks(rows)) {
    await db.execute(sql`
      insert into register_readings (counter_id, channel, tariff, read_at, value)
      select * from unnest(
        ${pgArray(part.map((r) => r.counter_id))}::int[],
        ${pgArray(part.map((r) => r.channel))}::smallint[],
        ${pgArray(part.map((r) => r.tariff))}::smallint[],
        ${pgArray(part.map((r) => r.read_at.toISOString()))}::timestamptz[],
        ${pgArray(part.map((r) => r.value))}::float8[])
      on conflict (counter_id, channel, tariff, read_at) do update set value = excluded.value`)
  }
}

export async function storePhaseValues(db: Executor, rows: PhaseRow[]): Promise<void> {
  const col = (key: keyof PhaseRow) => pgArray(rows.map((r) => r[key] ?? null))
  if (rows.length === 0) return
  await db.execute(sql`
    insert into phase_values (counter_id, read_at, phase, voltage, current, active_power, reactive_power, apparent_power, cos_phi, angle, frequency)
    select * from unnest(
      ${col('counter_id')}::int[], ${pgArray(rows.map((r) => r.read_at.toISOString()))}::timestamptz[], ${col('phase')}::smallint[],
      ${col('voltage')}::float8[], ${col('current')}::float8[], ${col('active_power')}::float8[], ${col('reactive_power')}::float8[],
      ${col('apparent_power')}::float8[], ${col('cos_phi')}::float8[], ${col('angle')}::float8[], ${col('frequency')}::float8[])
    on conflict (counter_id, read_at, phase) do nothing`)
}
