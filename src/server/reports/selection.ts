import { sql } from 'drizzle-orm'
import type { Executor } from '../db/client'

/** A point of a report with the object it is shown under. */
export type ReportPoint = { point_id: number; name: string; point_number: string; object_name: string }

/** A meter installed on a point ("point_counters" row) with the ratios of that installation. */
export type Installation = {
  counter_id: number
  serial_num: string
  model: string
  coeff: number
  coeff_voltage: number
  installed_at: Date
  removed_at: Date | null
}

/**
 * One row of a report: a point and the meter that served it over [from, to), the report's window cut to the
 * installation. A point with no meter in the window has one segment with `meter` null.
 */
export type Segment = { point: ReportPoint; meter: Installation | null; from: Date; to: Date }

const intArray = (ids: number[]) => `{${ids.join(',')}}`

/**
 * The points of the chosen objects (with their descendants) and the chosen points, each once, objects' points
 * first in tree order. A point chosen directly is shown under the objects it belongs to.
 */
export async function resolvePoints(db: Executor, representIds: number[], pointIds: number[]): Promise<ReportPoint[]> {
  const fromObjects =
    representIds.length === 0
      ? []
      : ((
          await db.execute(sql`
    with recursive tree as (
      select represent_id, name, array[name::text] as path from represents where represent_id = any(${intArray(representIds)}::int[])
      union all
      select r.represent_id, r.name, t.path || r.name::text from represents r join tree t on r.parent_id = t.represent_id
    )
    select distinct on (p.point_id) p.point_id, p.name, p.point_number, t.name as object_name, t.path, rp.order_num
    from tree t join represent_points rp on rp.represent_id = t.represent_id join points p on p.point_id = rp.point_id
    order by p.point_id, t.path`)
        ).rows as (ReportPoint & { path: string[]; order_num: number })[])
  fromObjects.sort((a, b) => comparePaths(a.path, b.path) || a.order_num - b.order_num || a.name.localeCompare(b.name, 'ru'))

  const seen = new Set(fromObjects.map((p) => p.point_id))
  const rest = pointIds.filter((id) => !seen.has(id))
  const direct =
    rest.length === 0
      ? []
      : ((
          await db.execute(sql`
    select p.point_id, p.name, p.point_number,
           coalesce((select string_agg(r.name, ', ' order by r.name) from represent_points rp join represents r on r.represent_id = rp.represent_id
                     where rp.point_id = p.point_id), '') as object_name
    from points p where p.point_id = any(${intArray(rest)}::int[])`)
        ).rows as ReportPoint[])
  direct.sort((a, b) => rest.indexOf(a.point_id) - rest.indexOf(b.point_id))
  return [...fromObjects.map(({ point_id, name, point_number, object_name }) => ({ point_id, name, point_number, object_name })), ...direct]
}

function comparePaths(a: string[], b: string[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const c = a[i]!.localeCompare(b[i]!, 'ru')
    if (c) return c
  }
  return a.length - b.length
}

/** The installations of the points that overlap [from, to), oldest first. */
async function installationsOf(db: Executor, pointIds: number[], from: Date, to: Date): Promise<Map<number, Installation[]>> {
  const rows = (
    await db.execute(sql`
    select pc.point_id, pc.counter_id, c.serial_num, m.name as model, pc.coeff, pc.coeff_voltage, pc.installed_at, pc.removed_at
    from point_counters pc join counters c on c.counter_id = pc.counter_id join counter_models m on m.model_id = c.model_id
    where pc.point_id = any(${intArray(pointIds)}::int[]) and pc.installed_at < ${to.toISOString()}::timestamptz
      and (pc.removed_at is null or pc.removed_at > ${from.toISOString()}::timestamptz)
    order by pc.point_id, pc.installed_at`)
  ).rows as (Omit<Installation, 'installed_at' | 'removed_at'> & { point_id: number; installed_at: string | Date; removed_at: string | Date | null })[]
  const byPoint = new Map<number, Installation[]>()
  for (const { point_id, ...row } of rows) {
    const list = byPoint.get(point_id) ?? []
    list.push({
      ...row,
      coeff: Number(row.coeff),
      coeff_voltage: Number(row.coeff_voltage),
      installed_at: new Date(row.installed_at),
      removed_at: row.removed_at === null ? null : new Date(row.removed_at),
    })
    byPoint.set(point_id, list)
  }
  return byPoint
}

/** The rows of a report over [from, to): each point's installations cut to the window, or one row saying it had none. */
export async function segmentsOf(db: Executor, points: ReportPoint[], from: Date, to: Date): Promise<Segment[]> {
  const installations = await installationsOf(
    db,
    points.map((p) => p.point_id),
    from,
    to,
  )
  return points.flatMap((point): Segment[] => {
    const list = installations.get(point.point_id)
    if (!list?.length) return [{ point, meter: null, from, to }]
    return list.map((meter) => ({
      point,
      meter,
      from: new Date(Math.max(from.getTime(), meter.installed_at.getTime())),
      to: new Date(Math.min(to.getTime(), meter.removed_at?.getTime() ?? Infinity)),
    }))
  })
}

/** The transformer ratio product of a segment's meter. */
export const ratioOf = (meter: Installation) => meter.coeff * meter.coeff_voltage
