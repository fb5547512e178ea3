import { sql } from 'drizzle-orm'
import { DEFAULT_TIME_ZONE, INTERVAL_STATUS } from '../../shared/metering'
import type { VeeReviewRow } from '../../shared/schemas/vee'
import type { Executor } from '../db/client'
import { refreshDailyValues } from '../repositories/readings'

const { ESTIMATED, SUSPECT, EDITED } = INTERVAL_STATUS

/** The most rows one review answer carries: a month of a busy object's flags, not a table of everything. */
const REVIEW_LIMIT = 5_000

/**
 * The suspect, estimated and edited intervals of a point (or of every point of an object) in the days
 * [from, to], through the meters installed there at the time, with the last change and the meter's original value.
 */
export async function reviewIntervals(
  db: Executor,
  scope: { pointId?: number; representId?: number },
  from: string,
  to: string,
  timeZone: string = DEFAULT_TIME_ZONE,
): Promise<VeeReviewRow[]> {
  const result = await db.execute(sql`
    with scope_points as (
      select p.point_id, p.name from points p where p.point_id = ${scope.pointId ?? null}::int
      union
      select p.point_id, p.name from represent_points rp join points p on p.point_id = rp.point_id where rp.represent_id = ${scope.representId ?? null}::int
    ),
    period as (
      select ${from}::date::timestamp at time zone ${timeZone} as lo, (${to}::date + 1)::timestamp at time zone ${timeZone} as hi
    )
    select s.point_id, s.name as point_name, v.counter_id, v.channel, iso_time(v.interval_start) as interval_start, v.value, v.status,
           last.method, last.reason, first.old_value as original_value, u.username as changed_by, iso_time(last.created_at) as changed_at
    from scope_points s
    join point_counters pc on pc.point_id = s.point_id
    cross join period
    join interval_values v on v.counter_id = pc.counter_id and v.status in (${ESTIMATED}, ${SUSPECT}, ${EDITED})
      and v.interval_start >= greatest(period.lo, pc.installed_at) and v.interval_start < least(period.hi, coalesce(pc.removed_at, period.hi))
    left join lateral (
      select e.method, e.reason, e.user_id, e.created_at from interval_edits e
      where e.counter_id = v.counter_id and e.channel = v.channel and e.interval_start = v.interval_start
      order by e.interval_edit_id desc limit 1) last on true
    left join lateral (
      select e.old_value from interval_edits e
      where e.counter_id = v.counter_id and e.channel = v.channel and e.interval_start = v.interval_start
      order by e.interval_edit_id limit 1) first on true
    left join users u on u.user_id = last.user_id
    order by v.interval_start, s.point_id, v.channel
    limit ${REVIEW_LIMIT}`)
  return (result.rows as VeeReviewRow[]).map((r) => ({
    ...r,
    value: r.value === null ? null : Number(r.value),
    original_value: r.original_value === null ? null : Number(r.original_value),
    status: Number(r.status),
    channel: Number(r.channel),
  }))
}

export interface IntervalKey {
  counter_id: number
  channel: number
  interval_start: Date
}

export type StoredInterval = { value: number | null; status: number }

/** The interval as stored, locked for the change that follows. */
export async function lockInterval(tx: Executor, key: IntervalKey): Promise<StoredInterval | undefined> {
  const result = await tx.execute(sql`
    select value, status from interval_values
    where counter_id = ${key.counter_id} and channel = ${key.channel} and interval_start = ${key.interval_start.toISOString()}::timestamptz
    for update`)
  const row = result.rows[0] as StoredInterval | undefined
  return row && { value: row.value === null ? null : Number(row.value), status: Number(row.status) }
}

/** Writes a person's decision over one interval with its history row, and brings the day's sums up to date. */
export async function changeInterval(
  tx: Executor,
  key: IntervalKey,
  before: StoredInterval,
  after: StoredInterval,
  change: { method: string; reason: string; userId: number },
): Promise<void> {
  const start = key.interval_start.toISOString()
  await tx.execute(sql`
    update interval_values set value = ${after.value}, status = ${after.status}
    where counter_id = ${key.counter_id} and channel = ${key.channel} and interval_start = ${start}::timestamptz`)
  await tx.execute(sql`
    insert into interval_edits (counter_id, channel, interval_start, old_value, old_status, new_value, new_status, method, reason, user_id)
    values (${key.counter_id}, ${key.channel}, ${start}::timestamptz, ${before.value}, ${before.status}, ${after.value}, ${after.status},
            ${change.method}, ${change.reason}, ${change.userId})`)
  await refreshDailyValues(tx, [key])
}
