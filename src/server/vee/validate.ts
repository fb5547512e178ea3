import { sql } from 'drizzle-orm'
import { INTERVAL_STATUS } from '../../shared/metering'
import type { Executor } from '../db/client'
import { pgArray, type IntervalRow, type RegisterRow } from '../repositories/readings'
import {
  DAY_ABSOLUTE_TOLERANCE,
  GAP_LOOKBACK_DAYS,
  READING_SLACK_MINUTES,
  USUAL_LOOKBACK_DAYS,
  USUAL_MIN_DAYS,
  VEE_METHOD,
  VEE_RULE,
  type VeeSettings,
} from './settings'
import { registerAdvance, rolledOver } from './register'

const { VALID, MISSING, SUSPECT } = INTERVAL_STATUS

export interface ValidationResult {
  /** Missing intervals (found or written by the gap rule) in the span the poll reached: estimation has work. */
  missing: number
  /** Intervals this validation marked suspect. */
  flagged: number
}

/**
 * The validation rules over one poll's new intervals and registers (docs/vee.md), in one statement so that a
 * collector round pays one round trip per meter:
 * - gap: every half-hour without a row between the last stored interval before the poll and the poll's newest
 *   becomes a missing row;
 * - spike: a valid value above `spikeFactor` times the channel's usual half-hour (the mean over the whole,
 *   gap-free days of the last four weeks) is suspect;
 * - register backwards: a total register below its previous reading, unless it fell from the top of its width to
 *   the bottom (a rollover), makes the valid intervals between the two readings suspect;
 * - day sum: a whole, gap-free day whose profile sum differs from the difference of the registers read at its two
 *   midnights by more than `dayTolerance` of it makes that day's valid intervals suspect;
 * - clock drift: the poll's valid intervals of a meter whose clock is off beyond the limit (`drifting`, the meters'
 *   ids) are suspect, as the meter may have filed them under the wrong half-hours.
 * An interval a person accepted is not flagged again. Each flag is written to interval_edits with its rule.
 */
export async function validatePoll(
  db: Executor,
  intervals: IntervalRow[],
  registers: RegisterRow[],
  settings: VeeSettings,
  timeZone: string,
  drifting: number[] = [],
): Promise<ValidationResult> {
  if (intervals.length === 0 && registers.length === 0) return { missing: 0, flagged: 0 }
  const totals = registers.filter((r) => r.tariff === 0)
  const slack = `${READING_SLACK_MINUTES} minutes`
  const result = await db.execute(sql`
    with polled as (
      select * from unnest(
        ${pgArray(intervals.map((r) => r.counter_id))}::int[], ${pgArray(intervals.map((r) => r.channel))}::smallint[],
        ${pgArray(intervals.map((r) => r.interval_start.toISOString()))}::timestamptz[],
        ${pgArray(intervals.map((r) => r.minutes ?? 30))}::smallint[], ${pgArray(intervals.map((r) => r.value))}::float8[],
        ${pgArray(intervals.map((r) => r.status ?? VALID))}::smallint[]) as p(counter_id, channel, interval_start, minutes, value, status)
    ),
    spans as (
      select p.counter_id, p.channel, min(p.interval_start) as lo, max(p.interval_start) as hi, min(p.minutes) as minutes
      from polled p group by 1, 2
    ),
    gap_spans as (
      select s.counter_id, s.channel, s.hi, s.minutes,
             coalesce((select max(v.interval_start) from interval_values v
                       where v.counter_id = s.counter_id and v.channel = s.channel
                         and v.interval_start < s.lo and v.interval_start >= s.lo - ${`${GAP_LOOKBACK_DAYS} days`}::interval), s.lo) as lo
      from spans s
    ),
    gaps as (
      insert into interval_values (counter_id, channel, interval_start, minutes, value, status)
      select g.counter_id, g.channel, t, g.minutes, null, ${MISSING}
      from gap_spans g, generate_series(g.lo, g.hi, make_interval(mins => g.minutes)) t
      where not exists (select 1 from polled p where p.counter_id = g.counter_id and p.channel = g.channel and p.interval_start = t)
      on conflict do nothing
      returning 1
    ),
    usual as (
      select s.counter_id, s.channel, u.value from spans s
      cross join lateral (
        select sum(d.value) / sum(d.valid_intervals) as value, count(*) as days from daily_values d
        where d.counter_id = s.counter_id and d.channel = s.channel
          and d.day >= (s.lo at time zone ${timeZone})::date - ${USUAL_LOOKBACK_DAYS}::int and d.day < (s.lo at time zone ${timeZone})::date
          and d.missing_intervals = 0 and d.valid_intervals > 0) u
      where u.days >= ${USUAL_MIN_DAYS}
    ),
    spikes as (
      select p.counter_id, p.channel, p.interval_start, ${VEE_RULE.SPIKE} as rule
      from polled p join usual u on u.counter_id = p.counter_id and u.channel = p.channel
      where p.status = ${VALID} and u.value > 0 and p.value > ${settings.spikeFactor}::float8 * u.value
    ),
    readings as (
      select * from unnest(
        ${pgArray(totals.map((r) => r.counter_id))}::int[], ${pgArray(totals.map((r) => r.channel))}::smallint[],
        ${pgArray(totals.map((r) => r.read_at.toISOString()))}::timestamptz[], ${pgArray(totals.map((r) => r.value))}::float8[])
        as r(counter_id, channel, read_at, value)
    ),
    fallen as (
      select r.counter_id, r.channel, prev.read_at as lo, r.read_at as hi
      from readings r
      cross join lateral (
        select x.read_at, x.value from register_readings x
        where x.counter_id = r.counter_id and x.channel = r.channel and x.tariff = 0 and x.read_at < r.read_at
        order by x.read_at desc limit 1) prev
      where r.value < prev.value and not ${rolledOver(sql`r.counter_id`, sql`prev.value`, sql`r.value`)}
    ),
    backwards as (
      select v.counter_id, v.channel, v.interval_start, ${VEE_RULE.REGISTER_BACKWARDS} as rule
      from fallen f join interval_values v on v.counter_id = f.counter_id and v.channel = f.channel
        and v.interval_start > f.lo - make_interval(mins => v.minutes) and v.interval_start < f.hi
      where v.status = ${VALID}
    ),
    days as (
      select distinct p.counter_id, p.channel, ((p.interval_start at time zone ${timeZone})::date) as day from polled p
    ),
    day_bounds as (
      select d.counter_id, d.channel, d.day, d.day::timestamp at time zone ${timeZone} as lo,
             (d.day + 1)::timestamp at time zone ${timeZone} as hi
      from days d
    ),
    day_checks as (
      select b.counter_id, b.channel, b.lo, b.hi, sums.value, sums.minutes, sums.missing, ra.value as start_reading, rb.value as end_reading
      from day_bounds b
      cross join lateral (
        select sum(v.value) as value, sum(v.minutes) as minutes, count(*) filter (where v.status = ${MISSING}) as missing
        from interval_values v
        where v.counter_id = b.counter_id and v.channel = b.channel and v.interval_start >= b.lo and v.interval_start < b.hi) sums
      cross join lateral (${nearestReading(sql`b.counter_id`, sql`b.channel`, sql`b.lo`, slack)}) ra
      cross join lateral (${nearestReading(sql`b.counter_id`, sql`b.channel`, sql`b.hi`, slack)}) rb
    ),
    day_faults as (
      select c.counter_id, c.channel, c.lo, c.hi from day_checks c
      cross join lateral (select ${registerAdvance(sql`c.counter_id`, sql`c.start_reading`, sql`c.end_reading`)} as difference) reg
      where c.missing = 0 and c.minutes = extract(epoch from c.hi - c.lo) / 60
        and abs(c.value - reg.difference) > ${settings.dayTolerance}::float8 * abs(reg.difference) + ${DAY_ABSOLUTE_TOLERANCE}::float8
    ),
    day_sums as (
      select v.counter_id, v.channel, v.interval_start, ${VEE_RULE.DAY_SUM} as rule
      from day_faults f join interval_values v on v.counter_id = f.counter_id and v.channel = f.channel
        and v.interval_start >= f.lo and v.interval_start < f.hi
      where v.status = ${VALID}
    ),
    drifts as (
      select p.counter_id, p.channel, p.interval_start, ${VEE_RULE.CLOCK_DRIFT} as rule
      from polled p
      where p.status = ${VALID} and p.counter_id = any(${pgArray(drifting)}::int[])
    ),
    flags as (
      select distinct on (counter_id, channel, interval_start) * from (
        select * from spikes union all select * from backwards union all select * from day_sums union all select * from drifts) f
      where not exists (
        select 1 from interval_edits e
        where e.counter_id = f.counter_id and e.channel = f.channel and e.interval_start = f.interval_start and e.method = ${VEE_METHOD.ACCEPT})
      order by counter_id, channel, interval_start
    ),
    flagged as (
      update interval_values v set status = ${SUSPECT}
      from flags f
      where v.counter_id = f.counter_id and v.channel = f.channel and v.interval_start = f.interval_start and v.status = ${VALID}
      returning v.counter_id, v.channel, v.interval_start, v.value, f.rule
    ),
    logged as (
      insert into interval_edits (counter_id, channel, interval_start, old_value, old_status, new_value, new_status, method)
      select counter_id, channel, interval_start, value, ${VALID}, value, ${SUSPECT}, rule from flagged
      returning 1
    )
    select (select count(*) from gaps)::int
           + (select coalesce(sum((select count(*) from interval_values v where v.counter_id = g.counter_id and v.channel = g.channel
              and v.interval_start between g.lo and g.hi and v.status = ${MISSING})), 0)::int from gap_spans g) as missing,
           (select count(*) from logged)::int as flagged`)
  const row = result.rows[0] as { missing: number; flagged: number }
  return { missing: Number(row.missing), flagged: Number(row.flagged) }
}

/** The total register reading nearest to `at` within the slack (one row or none). */
function nearestReading(counterId: ReturnType<typeof sql>, channel: ReturnType<typeof sql>, at: ReturnType<typeof sql>, slack: string) {
  return sql`
    select x.value from register_readings x
    where x.counter_id = ${counterId} and x.channel = ${channel} and x.tariff = 0
      and x.read_at between ${at} - ${slack}::interval and ${at} + ${slack}::interval
    order by abs(extract(epoch from x.read_at - ${at})) limit 1`
}
