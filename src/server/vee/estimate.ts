import { sql } from 'drizzle-orm'
import { INTERVAL_STATUS } from '../../shared/metering'
import type { Executor } from '../db/client'
import { pgArray, refreshDailyValues, type IntervalRow } from '../repositories/readings'
import { DAY_ABSOLUTE_TOLERANCE, GAP_LOOKBACK_DAYS, LIKE_DAY_WEEKS, LINEAR_MAX_INTERVALS, READING_SLACK_MINUTES, VEE_METHOD } from './settings'

const { VALID, MISSING, ESTIMATED, EDITED } = INTERVAL_STATUS
const DAY = 86_400_000

/** A run of consecutive missing intervals of one channel, with what is known around it. */
interface Gap {
  counter_id: number
  channel: number
  starts: Date[]
  /** The values of the intervals just before and just after the gap, when the meter gave them. */
  before: number | null
  after: number | null
  /** Energy the total register counted over the gap (readings around it less the known intervals between), if known. */
  registerEnergy: number | null
  /** The like-day value of each interval of the gap (null where no earlier week has it). */
  likeDay: (number | null)[]
}

interface Estimate {
  counter_id: number
  channel: number
  interval_start: Date
  value: number
  method: string
}

/**
 * Estimates one gap by the first method that applies (docs/vee.md): the register's energy over the gap, shared as
 * the like-day profile shapes it (evenly without one); linear between the known neighbours for a short gap; the
 * like-day profile itself. The register comes first because it is the meter's own count: across a power outage it
 * says zero where a line between the neighbours would invent energy. Intervals no method reaches stay missing.
 */
function estimateGap(gap: Gap): Estimate[] {
  const n = gap.starts.length
  const at = (i: number, value: number, method: string): Estimate => ({
    counter_id: gap.counter_id,
    channel: gap.channel,
    interval_start: gap.starts[i]!,
    value,
    method,
  })
  // Known half-hours exceeding the register difference by no more than its last digit (or float noise) leave zero.
  if (gap.registerEnergy !== null && gap.registerEnergy > -DAY_ABSOLUTE_TOLERANCE) {
    const energy = Math.max(0, gap.registerEnergy)
    const shape = gap.likeDay.every((v) => v !== null) ? (gap.likeDay as number[]) : null
    const total = shape?.reduce((sum, v) => sum + v, 0) ?? 0
    return gap.starts.map((_, i) => at(i, shape && total > 0 ? (energy * shape[i]!) / total : energy / n, VEE_METHOD.REGISTER_SHARE))
  }
  if (n <= LINEAR_MAX_INTERVALS && gap.before !== null && gap.after !== null) {
    const { before, after } = gap
    return gap.starts.map((_, i) => at(i, before + ((after - before) * (i + 1)) / (n + 1), VEE_METHOD.LINEAR))
  }
  return gap.likeDay.flatMap((v, i) => (v === null ? [] : [at(i, v, VEE_METHOD.LIKE_DAY)]))
}

type GapRow = {
  counter_id: number
  channel: number
  starts: string[] | string
  like_day: (number | null)[] | string
  before: number | null
  after: number | null
  register_energy: number | null
}

/** The missing runs of the polled channels back to the gap rule's horizon, with neighbours, registers and like-days. */
async function findGaps(db: Executor, intervals: IntervalRow[]): Promise<Gap[]> {
  const spans = new Map<string, { counter_id: number; channel: number; lo: number; hi: number }>()
  for (const r of intervals) {
    const key = `${r.counter_id}:${r.channel}`
    const t = r.interval_start.getTime()
    const span = spans.get(key) ?? { counter_id: r.counter_id, channel: r.channel, lo: t, hi: t }
    span.lo = Math.min(span.lo, t)
    span.hi = Math.max(span.hi, t)
    spans.set(key, span)
  }
  const list = [...spans.values()]
  const iso = (t: number) => new Date(t).toISOString()
  const slack = `${READING_SLACK_MINUTES} minutes`
  const likeDayOffsets = Array.from({ length: LIKE_DAY_WEEKS }, (_, k) => `${(k + 1) * 7} days`)
  const result = await db.execute(sql`
    with spans as (
      select * from unnest(${pgArray(list.map((s) => s.counter_id))}::int[], ${pgArray(list.map((s) => s.channel))}::smallint[],
        ${pgArray(list.map((s) => iso(s.lo - GAP_LOOKBACK_DAYS * DAY)))}::timestamptz[], ${pgArray(list.map((s) => iso(s.hi)))}::timestamptz[])
        as s(counter_id, channel, lo, hi)
    ),
    missing as (
      select v.counter_id, v.channel, v.interval_start, v.minutes,
             v.interval_start - make_interval(mins => v.minutes) * row_number() over (partition by v.counter_id, v.channel order by v.interval_start) as run
      from spans s join interval_values v on v.counter_id = s.counter_id and v.channel = s.channel
        and v.interval_start between s.lo and s.hi and v.status = ${MISSING}
    ),
    runs as (
      select m.counter_id, m.channel, min(m.interval_start) as first, max(m.interval_start) + make_interval(mins => min(m.minutes)) as past,
             min(m.minutes) as minutes, array_agg(m.interval_start order by m.interval_start) as starts,
             array_agg((select avg(w.value) from interval_values w
                        where w.counter_id = m.counter_id and w.channel = m.channel and w.status in (${VALID}, ${EDITED})
                          and w.interval_start = any(array(select m.interval_start - o::interval from unnest(${pgArray(likeDayOffsets)}::text[]) o)))
                       order by m.interval_start) as like_day
      from missing m group by m.counter_id, m.channel, m.run
    )
    select r.counter_id, r.channel, r.starts, r.like_day, b.value as before, a.value as after,
           rb.value - ra.value - known.value as register_energy
    from runs r
    left join interval_values b on b.counter_id = r.counter_id and b.channel = r.channel
      and b.interval_start = r.first - make_interval(mins => r.minutes) and b.status <> ${MISSING}
    left join interval_values a on a.counter_id = r.counter_id and a.channel = r.channel and a.interval_start = r.past and a.status <> ${MISSING}
    left join lateral (${aroundReading(sql`r.first`, 'before', slack)}) ra on true
    left join lateral (${aroundReading(sql`r.past`, 'after', slack)}) rb on true
    left join lateral (
      select coalesce(sum(k.value), 0) as value from interval_values k
      where k.counter_id = r.counter_id and k.channel = r.channel
        and (k.interval_start >= ra.boundary and k.interval_start < r.first or k.interval_start >= r.past and k.interval_start < rb.boundary)
      having count(*) filter (where k.status = ${MISSING}) = 0
        and coalesce(sum(k.minutes), 0) = extract(epoch from (r.first - ra.boundary) + (rb.boundary - r.past)) / 60) known on true`)
  return (result.rows as GapRow[]).map((row) => ({
    counter_id: row.counter_id,
    channel: row.channel,
    starts: pgList(row.starts).map((s) => new Date(s as string)),
    before: numberOrNull(row.before),
    after: numberOrNull(row.after),
    registerEnergy: numberOrNull(row.register_energy),
    likeDay: pgList(row.like_day).map(numberOrNull),
  }))
}

/**
 * The total register reading that bounds a gap on one side: the latest at or before (or the earliest at or after)
 * the gap's edge, within a day, with the interval boundary it stands for (a reading within the slack of one).
 */
function aroundReading(edge: ReturnType<typeof sql>, side: 'before' | 'after', slack: string) {
  const boundary = sql`date_bin(make_interval(mins => r.minutes), x.read_at + make_interval(mins => r.minutes) / 2, timestamptz '2000-01-01')`
  return sql`
    select x.value, ${boundary} as boundary from register_readings x
    where x.counter_id = r.counter_id and x.channel = r.channel and x.tariff = 0
      and ${
        side === 'before'
          ? sql`x.read_at <= ${edge} + ${slack}::interval and x.read_at > ${edge} - interval '1 day'`
          : sql`x.read_at >= ${edge} - ${slack}::interval and x.read_at < ${edge} + interval '1 day'`
      }
      and abs(extract(epoch from x.read_at - ${boundary})) <= extract(epoch from ${slack}::interval)
    order by x.read_at ${side === 'before' ? sql`desc` : sql`asc`} limit 1`
}

function pgList(value: unknown[] | string): unknown[] {
  if (Array.isArray(value)) return value
  const inner = value.slice(1, -1)
  return inner === '' ? [] : inner.split(',').map((v) => (v === 'NULL' ? null : v.replace(/^"|"$/g, '')))
}

const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value))

/** Fills what it can of the missing intervals around a poll and logs each estimate; answers how many it filled. */
export async function estimatePoll(db: Executor, intervals: IntervalRow[], timeZone: string): Promise<number> {
  const estimates = (await findGaps(db, intervals)).flatMap(estimateGap)
  if (estimates.length === 0) return 0
  await writeEstimates(db, estimates)
  await refreshDailyValues(db, estimates, timeZone)
  return estimates.length
}

/** Writes estimates over intervals still missing, with their history rows, in one statement. */
async function writeEstimates(db: Executor, estimates: Estimate[]): Promise<void> {
  await db.execute(sql`
    with given as (
      select * from unnest(
        ${pgArray(estimates.map((e) => e.counter_id))}::int[], ${pgArray(estimates.map((e) => e.channel))}::smallint[],
        ${pgArray(estimates.map((e) => e.interval_start.toISOString()))}::timestamptz[], ${pgArray(estimates.map((e) => e.value))}::float8[],
        ${pgArray(estimates.map((e) => e.method))}::text[]) as g(counter_id, channel, interval_start, value, method)
    ),
    written as (
      update interval_values v set value = g.value, status = ${ESTIMATED}
      from given g
      where v.counter_id = g.counter_id and v.channel = g.channel and v.interval_start = g.interval_start and v.status = ${MISSING}
      returning v.counter_id, v.channel, v.interval_start, g.value, g.method
    )
    insert into interval_edits (counter_id, channel, interval_start, old_value, old_status, new_value, new_status, method)
    select counter_id, channel, interval_start, null, ${MISSING}, value, ${ESTIMATED}, method from written`)
}
