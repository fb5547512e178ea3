import { sql, type SQL } from 'drizzle-orm'
import type { ProfileInterval } from '../../shared/constants'
import type { Executor } from '../db/client'
import { emptySeries, type Bucket, type PointSeries } from './series'

export type SeriesRequest = {
  pointIds: number[]
  channel: number
  interval: ProfileInterval
  /** Calendar dates YYYY-MM-DD, both included, cut in `timeZone`. */
  beginDate: string
  endDate: string
  timeZone: string
  /** Half-hours after this instant are not expected yet. */
  now: Date
}

const pgIntArray = (ids: number[]) => `{${ids.join(',')}}`

/** Local calendar unit of the bucket: 30 and 60 minutes are cut from raw half-hours, longer buckets from days. */
const DAY_UNIT: Partial<Record<ProfileInterval, string>> = { 1440: 'day', 43200: 'month', 525600: 'year' }

const period = (r: SeriesRequest) => sql`
  period as (
    select (${r.beginDate}::timestamp at time zone ${r.timeZone}) as lo,
           ((${r.endDate}::date + 1)::timestamp at time zone ${r.timeZone}) as hi)`

type BucketRows = { starts: string; minutes: string; expected: string; days: string | null }

/**
 * The buckets of the period with the half-hours each should hold by `now`, and each bucket's key (see `seriesSql`).
 * Months and years are calendar months and years of the time zone (what people mean by them), not 43,200 or
 * 525,600 fixed minutes.
 */
async function loadBuckets(db: Executor, r: SeriesRequest): Promise<{ buckets: Bucket[]; keys: number[] }> {
  const unit = DAY_UNIT[r.interval]
  const step = unit ? `1 ${unit}` : `${r.interval} minutes`
  const first = unit ? sql`date_trunc(${unit}, ${r.beginDate}::timestamp)` : sql`${r.beginDate}::timestamp`
  const last = unit ? sql`${r.endDate}::timestamp` : sql`(${r.endDate}::date + 1)::timestamp - ${step}::interval`
  // One row of lists, like the series: a month of half-hours is 1,488 buckets.
  const result = await db.execute<BucketRows>(sql`
    with ${period(r)},
    b as (
      select s as local_start, s at time zone ${r.timeZone} as b_start, (s + ${step}::interval) at time zone ${r.timeZone} as b_end
      from generate_series(${first}, ${last}, ${step}::interval) s)
    select string_agg(date_part('epoch', b_start)::text, ',' order by b_start) as starts,
           string_agg((date_part('epoch', b_end - b_start) / 60)::text, ',' order by b_start) as minutes,
           string_agg(
             greatest(0, floor(date_part('epoch', least(b_end, p.hi, ${r.now.toISOString()}::timestamptz) - greatest(b_start, p.lo)) / 1800))::text,
             ',' order by b_start
           ) as expected,
           ${unit ? sql`string_agg((b.local_start::date - date '2000-01-01')::text, ',' order by b_start)` : sql`null`} as days
    from b, period p`)
  const row = result.rows[0]!
  const starts = numberList(row.starts).map((seconds) => seconds * 1000)
  const minutes = numberList(row.minutes)
  const expected = numberList(row.expected)
  const buckets = starts.map((start, i) => ({ start, minutes: minutes[i]!, expected: expected[i]! }))
  return { buckets, keys: row.days === null ? starts : numberList(row.days) }
}

/** A NaN in float8send's bytes: a value that is not there, since string_agg would drop a null and shift the rest. */
const NO_VALUE = sql.raw(`'\\x7ff8000000000000'::bytea`)

/**
 * Raw energy per installation of each point, with its ratio k = coeff x coeff_voltage, so a meter change
 * inside the period sums both meters correctly. An installation's values come back in one row as byte strings
 * in PostgreSQL's binary forms: a row, an SQL array element or a text per value would cost more to turn into JS
 * values than the query itself, and binary needs no number formatting in SQL nor parsing in JS (docs/objects.md).
 * - Below a day: `keys` are the half-hours' starts (timestamptz), `vals` their float8 values, and `invalid`
 *   the starts of the few that were not validly measured, rather than a flag per value.
 *   They are read by the primary key range of the installation.
 * - From a day up: `keys` are local days (date), `vals` and `valids` (int2) come from the daily rollup, and
 *   only the days an install or take-off cuts are summed from raw half-hours.
 */
function seriesSql(r: SeriesRequest): SQL {
  const tz = r.timeZone
  const installations = sql`
    inst as (
      select pc.point_id, pc.counter_id, pc.installed_at, coalesce(pc.removed_at, 'infinity'::timestamptz) as removed_at,
             pc.coeff * pc.coeff_voltage as k
      from point_counters pc, period p
      where pc.point_id = any(${pgIntArray(r.pointIds)}::int[]) and pc.installed_at < p.hi and (pc.removed_at is null or pc.removed_at > p.lo))`
  const lists = (key: SQL, value: SQL) => sql`string_agg(${key}, '') as keys, string_agg(coalesce(float8send(${value}), ${NO_VALUE}), '') as vals`
  if (!DAY_UNIT[r.interval]) {
    return sql`
      with ${period(r)}, ${installations}
      select i.point_id, i.k, x.*
      from inst i, period p, lateral (
        select ${lists(sql`timestamptz_send(v.interval_start)`, sql`case when v.status <> 1 then v.value end`)},
               null::bytea as valids, string_agg(timestamptz_send(v.interval_start), '') filter (where v.status <> 0) as invalid
        from interval_values v
        where v.counter_id = i.counter_id and v.channel = ${r.channel}
          and v.interval_start >= greatest(i.installed_at, p.lo) and v.interval_start < least(i.removed_at, p.hi)) x
      where x.keys is not null`
  }
  const dayStart = (day: SQL) => sql`(${day}::timestamp at time zone ${tz})`
  const localDay = (at: SQL) => sql`(${at} at time zone ${tz})::date`
  // Whole days of an installation run from its first local midnight at or after the install to the day of the take-off.
  return sql`
    with ${period(r)}, ${installations},
    whole as (
      select i.*, ${localDay(sql`installed_at`)} + (${dayStart(localDay(sql`installed_at`))} <> installed_at)::int as first_day,
             ${localDay(sql`removed_at`)} as end_day
      from inst i),
    cuts as (
      select distinct * from (
        select counter_id, installed_at, installed_at as lo, least(removed_at, ${dayStart(sql`first_day`)}) as hi
        from whole where ${dayStart(localDay(sql`installed_at`))} <> installed_at
        union all
        select counter_id, installed_at, greatest(installed_at, ${dayStart(sql`end_day`)}), removed_at
        from whole where removed_at <> 'infinity' and ${dayStart(sql`end_day`)} <> removed_at) c)
    select w.point_id, w.k, x.*
    from whole w, period p, lateral (
      select ${lists(sql`date_send(days.day)`, sql`days.value`)}, string_agg(int2send(days.valid), '') as valids, null::bytea as invalid
      from (
        select d.day, d.value, d.valid_intervals as valid
        from daily_values d
        where d.counter_id = w.counter_id and d.channel = ${r.channel}
          and d.day >= greatest(w.first_day, ${r.beginDate}::date) and d.day <= ${r.endDate}::date and d.day < w.end_day
        union all
        select ${localDay(sql`v.interval_start`)}, sum(v.value) filter (where v.status <> 1), (count(*) filter (where v.status = 0))::int2
        from cuts c, interval_values v
        where c.counter_id = w.counter_id and c.installed_at = w.installed_at
          and v.counter_id = c.counter_id and v.channel = ${r.channel}
          and v.interval_start >= greatest(c.lo, p.lo) and v.interval_start < least(c.hi, p.hi)
        group by 1) days) x
    where x.keys is not null`
}

/** PostgreSQL's text of numbers joined by commas, read as one JSON array: much faster than a split. */
function numberList(text: string): number[] {
  return JSON.parse(`[${text}]`) as number[]
}

/** The last bucket whose key is at or before `key`. Values come in time order: mostly `hint` (the previous answer) or the next. */
function bucketAt(keys: number[], key: number, hint: number): number {
  for (let b = hint; b <= hint + 1 && b < keys.length; b++) {
    if (keys[b]! <= key && (b + 1 === keys.length || keys[b + 1]! > key)) return b
  }
  let lo = 0
  let hi = keys.length - 1
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if (keys[mid]! <= key) lo = mid
    else hi = mid - 1
  }
  return lo
}

const view = (bytes: Buffer) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
/** Epoch ms of PostgreSQL's timestamp zero, 2000-01-01 UTC. */
const PG_EPOCH_MS = 946_684_800_000
/** The i-th binary timestamptz (int8 microseconds from 2000) as epoch ms. */
const timestampAt = (bytes: DataView, i: number) => (bytes.getInt32(i * 8) * 2 ** 32 + bytes.getUint32(i * 8 + 4)) / 1000 + PG_EPOCH_MS

type SeriesRow = { point_id: number; k: number; keys: Buffer; vals: Buffer; valids: Buffer | null; invalid: Buffer | null }

/** Each point's energy per bucket: the installations' values times their ratios, summed into the buckets. */
export async function loadSeries(db: Executor, r: SeriesRequest): Promise<{ buckets: Bucket[]; series: Map<number, PointSeries> }> {
  const [{ buckets, keys }, rows] = await Promise.all([
    loadBuckets(db, r),
    r.pointIds.length ? db.execute<SeriesRow>(seriesSql(r)).then((result) => result.rows) : [],
  ])
  const byDay = DAY_UNIT[r.interval] !== undefined
  const series = new Map<number, PointSeries>()
  for (const row of rows) {
    const pointId = Number(row.point_id)
    const k = Number(row.k)
    const target = series.get(pointId) ?? emptySeries(buckets.length)
    series.set(pointId, target)
    const [at, vals, valids] = [view(row.keys), view(row.vals), row.valids && view(row.valids)]
    let b = 0
    for (let i = 0; i < vals.byteLength / 8; i++) {
      // A date is int4 days from 2000-01-01.
      const key = byDay ? at.getInt32(i * 4) : timestampAt(at, i)
      if (key < keys[0]!) continue
      b = bucketAt(keys, key, b)
      const value = vals.getFloat64(i * 8)
      if (!Number.isNaN(value)) target.values[b] = Number.isNaN(target.values[b]) ? value * k : target.values[b]! + value * k
      target.valid[b]! += valids ? valids.getInt16(i * 2) : 1
    }
    const invalid = row.invalid && view(row.invalid)
    for (let i = 0; invalid && i < invalid.byteLength / 8; i++) {
      const key = timestampAt(invalid, i)
      if (key >= keys[0]!) target.valid[bucketAt(keys, key, 0)]! -= 1
    }
  }
  return { buckets, series }
}
