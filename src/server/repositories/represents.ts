import { and, asc, count, eq, ilike, sql } from 'drizzle-orm'
import { COLOR_SWATCHES } from '../../shared/constants'
import type { ListQuery } from '../../shared/schemas/common'
import type { Represent, RepresentPoint } from '../../shared/schemas/represents'
import { CHANNEL } from '../../shared/metering'
import type { Executor } from '../db/client'
import { customers, counters, pointCounters, points, representPoints, represents } from '../db/schema'
import { likePattern, listPage, orderingOf } from '../lib/listing'
import { customerName } from './customers'

const representColumns = {
  represent_id: represents.represent_id,
  parent_id: represents.parent_id,
  name: represents.name,
  remark: represents.remark,
  lost_color: represents.lost_color,
  check_health: represents.check_health,
  health_check_ip: represents.health_check_ip,
  health_check_port: represents.health_check_port,
  period_type: represents.period_type,
  period_begin: represents.period_begin,
  period_end: represents.period_end,
  energy_format: represents.energy_format,
  energy_type: represents.energy_type,
  reactive_energy: represents.reactive_energy,
  show_lost: represents.show_lost,
  show_lost_in_percentage: represents.show_lost_in_percentage,
  round_val: represents.round_val,
  allowed_imbalance: represents.allowed_imbalance,
}

export async function listRepresents(db: Executor, query: ListQuery) {
  const where = query.search ? ilike(represents.name, likePattern(query.search)) : undefined
  const order = orderingOf(query.ordering, { name: represents.name }, [asc(represents.name)], represents.represent_id)
  return listPage(db, { rows: db.select(representColumns).from(represents), counted: represents, where, order }, query, (row) => row as Represent)
}

/** The whole tree, flat: what the side menu draws and mirrors offline. */
export function representTree(db: Executor) {
  return db
    .select({ represent_id: represents.represent_id, parent_id: represents.parent_id, name: represents.name })
    .from(represents)
    .orderBy(asc(represents.name), asc(represents.represent_id))
}

export async function findRepresent(db: Executor, id: number): Promise<Represent | undefined> {
  const [row] = await db.select(representColumns).from(represents).where(eq(represents.represent_id, id))
  if (!row) return undefined
  const children = await db
    .select({ represent_id: represents.represent_id, parent_id: represents.parent_id, name: represents.name })
    .from(represents)
    .where(eq(represents.parent_id, id))
    .orderBy(asc(represents.name))
  return { ...(row as Represent), children }
}

/** A colour for the next point of an object: the swatches in turn. */
async function nextPointPlace(db: Executor, representId: number): Promise<{ color: string; order_num: number }> {
  const [row] = await db
    .select({ n: count(), max: sql<number | null>`max(${representPoints.order_num})` })
    .from(representPoints)
    .where(eq(representPoints.represent_id, representId))
  const n = Number(row?.n ?? 0)
  return { color: COLOR_SWATCHES[(n + 5) % COLOR_SWATCHES.length]!, order_num: row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1 }
}

export async function findRepresentPoint(db: Executor, representId: number, representPointId: number) {
  const [row] = await db
    .select()
    .from(representPoints)
    .where(and(eq(representPoints.represent_id, representId), eq(representPoints.represent_point_id, representPointId)))
  return row
}

/** Points of an object in their order, with the signs and colours the balance uses. */
export function balancePointsOf(db: Executor, representId: number) {
  return db
    .select({ point_id: points.point_id, name: points.name, sign: representPoints.sign, color: representPoints.color })
    .from(representPoints)
    .innerJoin(points, eq(points.point_id, representPoints.point_id))
    .where(eq(representPoints.represent_id, representId))
    .orderBy(asc(representPoints.order_num), asc(representPoints.represent_point_id))
}

type HalfRow = { point_id: number; times: (string | number)[]; vals: (string | number | null)[] }

/**
 * The object's points with their meters and each point's last `halfsNum` half-hours of A+ (ratios applied,
 * null where nothing was measured), ending with the last completed half-hour.
 */
export async function representPointsOf(db: Executor, representId: number, halfsNum: number, now: Date = new Date()): Promise<RepresentPoint[]> {
  const rows = await db
    .select({
      represent_point_id: representPoints.represent_point_id,
      point_id: points.point_id,
      order_num: representPoints.order_num,
      sign: representPoints.sign,
      color: representPoints.color,
      selected: representPoints.selected,
      name: points.name,
      point_number: points.point_number,
      address: points.address,
      customer_name: customerName,
      customer_number: sql<string>`coalesce(${customers.customer_number}, '')`,
      counter: counters.serial_num,
      counter_id: counters.counter_id,
      is_active: sql<boolean>`coalesce(${counters.is_active}, false)`,
      point_represents_number: sql<number>`(select count(*) from represent_points rp2 where rp2.point_id = ${points.point_id})::int`,
    })
    .from(representPoints)
    .innerJoin(points, eq(points.point_id, representPoints.point_id))
    .leftJoin(customers, eq(customers.customer_id, points.customer_id))
    .leftJoin(pointCounters, and(eq(pointCounters.point_id, points.point_id), sql`${pointCounters.removed_at} is null`))
    .leftJoin(counters, eq(counters.counter_id, pointCounters.counter_id))
    .where(eq(representPoints.represent_id, representId))
    .orderBy(asc(representPoints.order_num), asc(representPoints.represent_point_id))
  if (rows.length === 0) return []

  const lastStart = Math.floor(now.getTime() / 1_800_000) * 1_800_000 - 1_800_000
  const firstStart = lastStart - (halfsNum - 1) * 1_800_000
  const halfs = await db.execute<HalfRow>(sql`
    select pc.point_id,
           array_agg((extract(epoch from v.interval_start) * 1000)::bigint order by v.interval_start) as times,
           array_agg(case when v.status = 1 then null else v.value * pc.coeff * pc.coeff_voltage end order by v.interval_start) as vals
    from point_counters pc join interval_values v on v.counter_id = pc.counter_id and v.channel = ${CHANNEL.A_PLUS}
      and v.interval_start >= greatest(pc.installed_at, ${new Date(firstStart).toISOString()}::timestamptz)
      and v.interval_start <= ${new Date(lastStart).toISOString()}::timestamptz
      and (pc.removed_at is null or v.interval_start < pc.removed_at)
    where pc.point_id in (select point_id from represent_points where represent_id = ${representId})
    group by pc.point_id`)
  const byPoint = new Map<number, Map<number, number | null>>()
  for (const row of halfs.rows) {
    byPoint.set(Number(row.point_id), new Map(row.times.map((t, i) => [Number(t), row.vals[i] === null ? null : Number(row.vals[i])])))
  }
  return rows.map((row) => {
    const values = byPoint.get(row.point_id)
    return {
      ...row,
      sign: row.sign as RepresentPoint['sign'],
      point_represents_number: Number(row.point_represents_number),
      halfs: Array.from({ length: halfsNum }, (_, i) => {
        const start = firstStart + i * 1_800_000
        return { time: new Date(start).toISOString(), value: values?.get(start) ?? null }
      }),
    }
  })
}

/** Points not yet linked to the object. */
export function availablePointsOf(db: Executor, representId: number) {
  return db
    .select({ point_id: points.point_id, name: points.name, point_number: points.point_number, address: points.address })
    .from(points)
    .where(sql`not exists (select 1 from represent_points rp where rp.point_id = ${points.point_id} and rp.represent_id = ${representId})`)
    .orderBy(asc(points.name), asc(points.point_id))
}

/** Objects whose host is checked, for the health checker. */
export function healthTargets(db: Executor) {
  return db
    .select({ represent_id: represents.represent_id, host: represents.health_check_ip, port: represents.health_check_port })
    .from(represents)
    .where(and(eq(represents.check_health, true), sql`${represents.health_check_port} is not null`, sql`${represents.health_check_ip} <> ''`))
}

const marketArea = { area_inn: represents.area_inn, area_name: represents.area_name }

/** The owner of the object's metering area, as its points' 80020 messages name it. */
export async function findMarketArea(db: Executor, representId: number) {
  const [row] = await db.select(marketArea).from(represents).where(eq(represents.represent_id, representId))
  return row
}

export async function setMarketArea(db: Executor, representId: number, area: { area_inn: string; area_name: string }): Promise<void> {
  await db.update(represents).set(area).where(eq(represents.represent_id, representId))
}

type RepresentFields = Pick<typeof represents.$inferInsert, 'name' | 'remark' | 'parent_id'>
export type RepresentPointLink = typeof representPoints.$inferSelect

export async function insertRepresent(db: Executor, fields: RepresentFields): Promise<number> {
  const [row] = await db.insert(represents).values(fields).returning({ id: represents.represent_id })
  return row!.id
}

export async function updateRepresent(db: Executor, id: number, fields: Partial<typeof represents.$inferInsert>): Promise<void> {
  await db.update(represents).set(fields).where(eq(represents.represent_id, id))
}

export async function deleteRepresent(db: Executor, id: number): Promise<void> {
  await db.delete(represents).where(eq(represents.represent_id, id))
}

/** Links the point to the object at the end of its list; nothing when it is already there. */
export async function linkPoint(db: Executor, representId: number, pointId: number): Promise<RepresentPointLink | undefined> {
  const place = await nextPointPlace(db, representId)
  const [link] = await db
    .insert(representPoints)
    .values({ represent_id: representId, point_id: pointId, ...place })
    .onConflictDoNothing()
    .returning()
  return link
}

export async function unlinkPoint(db: Executor, representId: number, pointId: number): Promise<RepresentPointLink | undefined> {
  const [link] = await db
    .delete(representPoints)
    .where(and(eq(representPoints.represent_id, representId), eq(representPoints.point_id, pointId)))
    .returning()
  return link
}

export async function updatePointLink(db: Executor, representPointId: number, set: Partial<typeof representPoints.$inferInsert>): Promise<RepresentPointLink> {
  const [link] = await db.update(representPoints).set(set).where(eq(representPoints.represent_point_id, representPointId)).returning()
  return link!
}
