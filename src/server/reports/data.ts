import { sql } from 'drizzle-orm'
import { READING_AT_TOLERANCE_MIN } from '../../shared/constants'
import { CHANNEL } from '../../shared/metering'
import type { Executor } from '../db/client'
import { HALF_HOUR_MS, localParts } from './time'
import { tariffAt, type Zone } from './tariffs'

const pgArray = (values: (string | number)[]) => `{${values.join(',')}}`

/** Register values by tariff (0 total, 1..4) of one meter at one time; a tariff without a reading is absent. */
export type RegisterValues = Map<number, number>

/**
 * The A+ registers of each (meter, time): the first reading at the time or within the tolerance after it,
 * since a poll "at 00:00" completes a little later. Keys are `${counter_id}|${time ms}`.
 */
export async function readingsAt(db: Executor, asks: { counter_id: number; at: Date }[]): Promise<Map<string, RegisterValues>> {
  const out = new Map<string, RegisterValues>()
  if (asks.length === 0) return out
  const result = await db.execute(sql`
    select q.counter_id, q.at, r.tariff, r.value
    from unnest(${pgArray(asks.map((a) => a.counter_id))}::int[], ${pgArray(asks.map((a) => a.at.toISOString()))}::timestamptz[]) as q(counter_id, at)
    cross join lateral (
      select distinct on (rr.tariff) rr.tariff, rr.value from register_readings rr
      where rr.counter_id = q.counter_id and rr.channel = ${CHANNEL.A_PLUS}
        and rr.read_at >= q.at and rr.read_at < q.at + make_interval(mins => ${READING_AT_TOLERANCE_MIN})
      order by rr.tariff, rr.read_at) r`)
  for (const row of result.rows as { counter_id: number; at: string | Date; tariff: number; value: number }[]) {
    const key = `${row.counter_id}|${new Date(row.at).getTime()}`
    const values = out.get(key) ?? new Map<number, number>()
    values.set(Number(row.tariff), Number(row.value))
    out.set(key, values)
  }
  return out
}

export const readingKey = (counterId: number, at: Date) => `${counterId}|${at.getTime()}`

/** Raw A+ energy of one window by zone, with how many half-hours had a value and how many were expected. */
export type ZoneSums = Map<number, { value: number; present: number; expected: number }>

/**
 * Sums the A+ half-hour values of each (meter, window) by the scheme's zones in local time. Missing values
 * (status 1, or no row at all) are not counted: `expected - present` says how many are missing.
 */
export async function zoneSums(db: Executor, windows: { counter_id: number; from: Date; to: Date }[], zones: Zone[], timeZone: string): Promise<ZoneSums[]> {
  const out = windows.map((w) => expectedByZone(w.from, w.to, zones, timeZone))
  if (windows.length === 0) return out
  const ranges = zones.flatMap((z) => z.ranges.map((r) => ({ tariff: z.tariff, ...r })))
  const result = await db.execute(sql`
    with q as (
      select * from unnest(${pgArray(windows.map((_, i) => i))}::int[], ${pgArray(windows.map((w) => w.counter_id))}::int[],
        ${pgArray(windows.map((w) => w.from.toISOString()))}::timestamptz[], ${pgArray(windows.map((w) => w.to.toISOString()))}::timestamptz[])
        as q(idx, counter_id, f, t)),
    z as (select * from unnest(${pgArray(ranges.map((r) => r.tariff))}::int[], ${pgArray(ranges.map((r) => r.start))}::int[],
        ${pgArray(ranges.map((r) => r.end))}::int[]) as z(tariff, s, e)),
    v as (
      select q.idx, v.value,
             (extract(hour from v.interval_start at time zone ${timeZone}) * 60 + extract(minute from v.interval_start at time zone ${timeZone}))::int as m
      from q join interval_values v on v.counter_id = q.counter_id and v.channel = ${CHANNEL.A_PLUS}
        and v.interval_start >= q.f and v.interval_start < q.t and v.status <> 1 and v.value is not null)
    select v.idx, z.tariff, sum(v.value) as value, count(*)::int as present
    from v join z on v.m >= z.s and v.m < z.e
    group by v.idx, z.tariff`)
  for (const row of result.rows as { idx: number; tariff: number; value: number; present: number }[]) {
    const zone = out[Number(row.idx)]!.get(Number(row.tariff))
    if (zone) {
      zone.value = Number(row.value)
      zone.present = Number(row.present)
    }
  }
  return out
}

const expectedCache = new Map<string, Map<number, number>>()

/** How many half-hours of [from, to) fall in each zone: the same for every meter of a window, so cached. */
function expectedByZone(from: Date, to: Date, zones: Zone[], timeZone: string): ZoneSums {
  const key = `${from.getTime()}|${to.getTime()}|${timeZone}|${JSON.stringify(zones)}`
  let counts = expectedCache.get(key)
  if (!counts) {
    counts = new Map(zones.map((z) => [z.tariff, 0]))
    for (let t = from.getTime(); t < to.getTime(); t += HALF_HOUR_MS) {
      const tariff = tariffAt(zones, localParts(t, timeZone).minute)
      if (tariff !== undefined) counts.set(tariff, counts.get(tariff)! + 1)
    }
    if (expectedCache.size > 100) expectedCache.clear()
    expectedCache.set(key, counts)
  }
  return new Map([...counts].map(([tariff, expected]) => [tariff, { value: 0, present: 0, expected }]))
}

/** A half-hour value of a profile: energy of the four channels (raw) and the interval status. */
export type ProfileValue = { value: number | null; status: number }

/** The span of one read of a profile: a month of four channels is about 6,000 rows. */
const PROFILE_READ_MS = 31 * 86_400_000

/**
 * The half-hour values of one meter over [from, to), by channel, keyed by interval start (ms). Read a month at a
 * time: a year in one statement (70,080 rows) held the main thread for 150 ms while its rows were made, and the
 * embedded database for 300 ms, in one piece.
 */
export async function profileOf(db: Executor, counterId: number, from: Date, to: Date): Promise<Map<number, Map<number, ProfileValue>>> {
  const byChannel = new Map<number, Map<number, ProfileValue>>()
  for (let begin = from.getTime(); begin < to.getTime(); begin += PROFILE_READ_MS) {
    const first = new Date(begin).toISOString()
    const end = new Date(Math.min(begin + PROFILE_READ_MS, to.getTime())).toISOString()
    const result = await db.execute(sql`
      select channel, interval_start, value, status from interval_values
      where counter_id = ${counterId} and interval_start >= ${first}::timestamptz and interval_start < ${end}::timestamptz`)
    for (const row of result.rows as { channel: number; interval_start: string | Date; value: number | null; status: number }[]) {
      const channel = byChannel.get(Number(row.channel)) ?? new Map<number, ProfileValue>()
      channel.set(new Date(row.interval_start).getTime(), { value: row.value === null ? null : Number(row.value), status: Number(row.status) })
      byChannel.set(Number(row.channel), channel)
    }
  }
  return byChannel
}
