import { sql, type SQL } from 'drizzle-orm'
import type { ProfileInterval } from '../../shared/constants'
import type { Executor } from '../db/client'
import type { Bucket, PointSeries } from './series'

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

/**
 * The buckets of the period with the half-hours each should hold by `now`. Months and years are calendar
 * months and years of the time zone (what people mean by them), not 43,200 or 525,600 fixed minutes.
 */
async function loadBuckets(db: Executor, r: SeriesRequest): Promise<Bucket[]> {
  const unit = DAY_UNIT[r.interval]
  const step = unit ? `1 ${unit}` : `${r.interval} minutes`
  const first = unit ? sql`date_trunc(${unit}, ${r.beginDate}::timestamp)` : sql`${r.beginDate}::timestamp`
  const last = unit ? sql`${r.endDate}::timestamp` : sql`(${r.endDate}::date + 1)::timestamp - ${step}::interval`
  const result = await db.execute<{ start: string; minutes: string; expected: string }>(sql`
    with period as (
      select (${r.beginDate}::timestamp at time zone ${r.timeZone}) as lo,
             ((${r.endDate}::date + 1)::timestamp at time zone ${r.timeZone}) as hi),
    local as (
      select s as local_start, s + ${step}::interval as local_end
      from generate_series(${first}, ${last}, ${step}::interval) s),
    b as (
      select local_start at time zone ${r.timeZone} as b_start, local_end at time zone ${r.timeZone} as b_end from local)
    select (extract(epoch from b_start) * 1000)::bigint as start,
           (extract(epoch from (b_end - b_start)) / 60)::int as minutes,
           greatest(0, floor(extract(epoch from (least(b_end, p.hi, ${r.now.toISOString()}::timestamptz) - greatest(b_start, p.lo))) / 1800))::int as expected
    from b, period p order by b_start`)
  return result.rows.map((row) => ({ start: Number(row.start), minutes: Number(row.minutes), expected: Number(row.expected) }))
}

/**
 * Energy per point and bucket with the ratios (coeff x coeff_voltage) of the installation in force at each
 * half-hour, so a meter change inside the period sums both meters correctly. Each point's series comes back
 * as arrays (one row per point), never as one row per value: turning 148,800 rows into JS objects costs
 * far more than the query. Days wholly inside an installation come from the daily rollup; only the days an
 * install or take-off cuts are summed from raw half-hours.
 */
function seriesSql(r: SeriesRequest): SQL {
  const tz = r.timeZone
  const installations = sql`
    inst as (
      select pc.point_id, pc.counter_id, pc.installed_at, coalesce(pc.removed_at, 'infinity'::timestamptz) as removed_at,
             pc.coeff * pc.coeff_voltage as k
      from point_counters pc, period p
      where pc.point_id = any(${pgIntArray(r.pointIds)}::int[]) and pc.installed_at < p.hi and (pc.removed_at is null or pc.removed_at > p.lo))`
  const period = sql`
    period as (
      select (${r.beginDate}::timestamp at time zone ${tz}) as lo,
             ((${r.endDate}::date + 1)::timestamp at time zone ${tz}) as hi)`
  const unit = DAY_UNIT[r.interval]
  if (!unit) {
    // One aggregate per installation over its index range, already in time order: no sort of all the rows.
    const bucket = r.interval === 30 ? sql`v.interval_start` : sql`date_trunc('hour', v.interval_start at time zone ${tz}) at time zone ${tz}`
    return sql`
      with ${period}, ${installations}
      select i.point_id, x.starts, x.vals, x.valids
      from inst i, period p, lateral (
        select array_agg((extract(epoch from c.bucket) * 1000)::bigint order by c.bucket) as starts,
               array_agg(c.value order by c.bucket) as vals,
               array_agg(c.valid order by c.bucket) as valids
        from (
          select ${bucket} as bucket,
                 sum(v.value * i.k) filter (where v.status <> 1) as value,
                 count(*) filter (where v.status = 0) as valid
          from interval_values v
          where v.counter_id = i.counter_id and v.channel = ${r.channel}
            and v.interval_start >= greatest(i.installed_at, p.lo) and v.interval_start < least(i.removed_at, p.hi)
          group by 1) c) x
      where x.starts is not null`
  }
  const dayStart = (day: SQL) => sql`(${day}::timestamp at time zone ${tz})`
  const localDay = (at: SQL) => sql`(${at} at time zone ${tz})::date`
  return sql`
    with ${period}, ${installations},
    cuts as (
      select point_id, counter_id, k, installed_at as lo, least(removed_at, ${dayStart(sql`(${localDay(sql`installed_at`)} + 1)`)}) as hi
      from inst where ${dayStart(localDay(sql`installed_at`))} <> installed_at
      union all
      select point_id, counter_id, k, greatest(installed_at, ${dayStart(localDay(sql`removed_at`))}), removed_at
      from inst where removed_at <> 'infinity' and ${dayStart(localDay(sql`removed_at`))} <> removed_at),
    days as (
      select i.point_id, d.day, d.value * i.k as value, d.valid_intervals::int as valid
      from inst i join daily_values d on d.counter_id = i.counter_id and d.channel = ${r.channel}
        and d.day >= ${r.beginDate}::date and d.day <= ${r.endDate}::date
      where ${dayStart(sql`d.day`)} >= i.installed_at and ${dayStart(sql`(d.day + 1)`)} <= i.removed_at
      union all
      select c.point_id, ${localDay(sql`v.interval_start`)} as day,
             sum(v.value * c.k) filter (where v.status <> 1), (count(*) filter (where v.status = 0))::int
      from (select distinct * from cuts) c, period p, interval_values v
      where v.counter_id = c.counter_id and v.channel = ${r.channel}
        and v.interval_start >= greatest(c.lo, p.lo) and v.interval_start < least(c.hi, p.hi)
      group by 1, 2),
    cells as (
      select point_id, date_trunc(${unit}, day::timestamp) at time zone ${tz} as bucket,
             sum(value) as value, sum(valid)::int as valid
      from days group by 1, 2)
    select point_id,
           array_agg((extract(epoch from bucket) * 1000)::bigint order by bucket) as starts,
           array_agg(value order by bucket) as vals,
           array_agg(valid order by bucket) as valids
    from cells group by point_id`
}

type SeriesRow = { point_id: number; starts: (string | number)[]; vals: (string | number | null)[]; valids: (string | number)[] }

export async function loadSeries(db: Executor, r: SeriesRequest): Promise<{ buckets: Bucket[]; series: Map<number, PointSeries['cells']> }> {
  const buckets = await loadBuckets(db, r)
  const series = new Map<number, PointSeries['cells']>()
  if (r.pointIds.length === 0) return { buckets, series }
  const result = await db.execute<SeriesRow>(seriesSql(r))
  for (const row of result.rows) {
    const pointId = Number(row.point_id)
    const cells: PointSeries['cells'] = series.get(pointId) ?? new Map()
    for (let i = 0; i < row.starts.length; i++) {
      const value = row.vals[i]
      cells.set(Number(row.starts[i]), { value: value === null || value === undefined ? null : Number(value), valid: Number(row.valids[i]) })
    }
    series.set(pointId, cells)
  }
  return { buckets, series }
}
