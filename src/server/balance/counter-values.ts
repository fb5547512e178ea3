import { sql } from 'drizzle-orm'
import { CHANNEL } from '../../shared/metering'
import type { BalanceItem, CounterValues, CounterValuesQuery } from '../../shared/schemas/represents'
import { T } from '../../shared/texts'
import type { Executor } from '../db/client'
import { pointKey, TIME_KEY, type BalancePoint } from './compose'
import { checkPeriodLength } from './profile'
import { rounder } from './rounding'

const MAX_DAYS = 366

type ReadingRow = { point_id: number; moments: (string | number)[]; vals: (string | number | null)[] }

/**
 * Each day's A+ total reading of the meter installed on each point at the chosen time of day: the last
 * reading taken that day at or before that time (null when the meter was not read that day by then).
 * Readings are the meter's own register values, as on its display.
 */
export async function counterValuesOf(db: Executor, objectPoints: BalancePoint[], query: CounterValuesQuery, timeZone: string): Promise<CounterValues> {
  checkPeriodLength(query.beginDate, query.endDate, MAX_DAYS)
  const tz = timeZone
  const headers = [
    { key: TIME_KEY, title: T.balanceDate },
    ...objectPoints.map((p) => ({ key: pointKey(p.point_id), title: p.name, point_id: p.point_id, sign: p.sign, unit: 'кВт·ч' })),
  ]
  const moments = await db.execute<{ moment: string }>(sql`
    select (extract(epoch from ((d::date + ${query.minutes_from_day_begin} * interval '1 minute') at time zone ${tz})) * 1000)::bigint as moment
    from generate_series(${query.beginDate}::date, ${query.endDate}::date, interval '1 day') d order by 1`)
  const readings = new Map<string, number | null>()
  if (objectPoints.length) {
    const result = await db.execute<ReadingRow>(sql`
      with m as (
        select d::date as day, (d::date + ${query.minutes_from_day_begin} * interval '1 minute') at time zone ${tz} as moment
        from generate_series(${query.beginDate}::date, ${query.endDate}::date, interval '1 day') d)
      select p.point_id,
             array_agg((extract(epoch from m.moment) * 1000)::bigint order by m.moment) as moments,
             array_agg(r.value order by m.moment) as vals
      from unnest(${`{${objectPoints.map((p) => p.point_id).join(',')}}`}::int[]) as p(point_id)
      cross join m
      left join point_counters pc on pc.point_id = p.point_id and pc.installed_at <= m.moment and (pc.removed_at is null or pc.removed_at > m.moment)
      left join lateral (
        select rr.value from register_readings rr
        where rr.counter_id = pc.counter_id and rr.channel = ${CHANNEL.A_PLUS} and rr.tariff = 0
          and rr.read_at <= m.moment and rr.read_at >= (m.day::timestamp at time zone ${tz})
        order by rr.read_at desc limit 1) r on true
      group by p.point_id`)
    for (const row of result.rows) {
      row.moments.forEach((moment, i) => readings.set(`${row.point_id}:${Number(moment)}`, row.vals[i] === null ? null : Number(row.vals[i])))
    }
  }
  const round = rounder(query.roundVal)
  const items: BalanceItem[] = moments.rows.map(({ moment }) => {
    const values: BalanceItem['values'] = {}
    const missing: string[] = []
    for (const p of objectPoints) {
      const value = readings.get(`${p.point_id}:${Number(moment)}`) ?? null
      values[pointKey(p.point_id)] = value === null ? null : round(value)
      if (value === null) missing.push(pointKey(p.point_id))
    }
    return { time: new Date(Number(moment)).toISOString(), values, missing }
  })
  return { headers, items }
}
