import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import { alias, type PgSelect } from 'drizzle-orm/pg-core'
import { DEFAULT_TIME_ZONE } from '../../shared/metering'
import type { ListQuery } from '../../shared/schemas/common'
import { pointInput, type Point, type PointCounter, type PointInput } from '../../shared/schemas/points'
import { T } from '../../shared/texts'
import type { Executor } from '../db/client'
import { counterModels, counters, customers, pointCounters, points, representPoints } from '../db/schema'
import { likePattern, listShapeKey, listShapeOf, orderedBy, orderingOf, trigramTarget, withPage, type ListShape, type SearchKind } from '../lib/listing'
import { fieldError } from '../lib/http-errors'
import { pagedJson } from '../lib/sql-json'
import { violatedUnique } from '../plugins/errors'
import { statementCache } from '../lib/statement-cache'
import { customerName } from './customers'
import { consumptionByDate } from './meter-data'
import { localParts } from '../reports/time'
import { countRows, keptTotal } from './row-counts'

/**
 * The meter installed on the point now, to sort by: at most one, which the partial unique index on the current
 * installation both guarantees and serves, so a join is cheaper than a subquery per row.
 */
const currentInstallation = alias(pointCounters, 'current_installation')
const joinCurrent = and(eq(currentInstallation.point_id, points.point_id), isNull(currentInstallation.removed_at))
const hasCounter = sql<boolean>`(${currentInstallation.counter_id} is not null)`
/** Objects (represents) the point belongs to: their count, to sort by. */
const representsCount = sql<number>`(select count(*)::int from ${representPoints} rp where rp.point_id = ${points}.point_id)`

const ORDERINGS = {
  name: points.name,
  has_counter: hasCounter,
  point_represents_number: representsCount,
  point_number: points.point_number,
  customer__name: customerName,
  address: points.address,
}

/** Points as the API shows them (Point): the card the database keeps (migration 0021), read as it is. */
const selectPoints = <TExtra extends Record<string, SQL>>(db: Executor, extra?: TExtra) =>
  db
    .select({ json: points.card, ...(extra as TExtra) })
    .from(points)
    .$dynamic()

/** The subscriber and the meter installed now, joined only for a page sorted by them. */
const withSortJoins = <Q extends PgSelect>(rows: Q, ordering: string) =>
  orderedBy(ordering, ['has_counter', 'customer__name'])
    ? rows.leftJoin(customers, eq(customers.customer_id, points.customer_id)).leftJoin(currentInstallation, joinCurrent)
    : rows

/** The name or the identifier contains the search (`pattern`), whatever the case (search_text holds both, lower-cased). */
const searchOf = (search: SearchKind): SQL | undefined =>
  search === 'none' ? undefined : sql`${trigramTarget(points.search_text, search)} like lower(${sql.placeholder('pattern')})`

/** A page; when unfiltered it carries the kept count of points along (`keptTotal`). */
const pointPages = statementCache(listShapeKey, (db, shape: ListShape) =>
  withPage(
    withSortJoins(selectPoints(db, shape.search === 'none' ? keptTotal(db, points) : undefined), shape.ordering)
      .where(searchOf(shape.search))
      .orderBy(...orderingOf(shape.ordering, ORDERINGS, [asc(points.name), asc(points.point_id)], points.point_id)),
    shape.page,
  ).prepare('points.page'),
)
const pointCounts = statementCache(
  (search: SearchKind) => search,
  (db, search) => countRows(db, points, searchOf(search)).prepare('points.count'),
)

/** The points list's answer as JSON text: the rows are the points' cards. */
export async function listPointsJson(db: Executor, query: ListQuery): Promise<string> {
  const shape = listShapeOf(query)
  const values = { pattern: likePattern(query.search) }
  return pagedJson(await pointPages(db, shape).execute(values), () => pointCounts(db, shape.search).execute(values), query)
}

export async function findPoint(db: Executor, pointId: number): Promise<Point | undefined> {
  return (await findPoints(db, [pointId])).get(pointId)
}

export async function findPoints(db: Executor, pointIds: number[]): Promise<Map<number, Point>> {
  const rows = await selectPoints(db, { id: sql<number>`${points.point_id}` }).where(inArray(points.point_id, pointIds))
  return new Map(rows.map((row) => [row.id, JSON.parse(row.json) as Point]))
}

/** Which of these subscribers exist. */
export async function existingCustomers(db: Executor, customerIds: number[]): Promise<Set<number>> {
  if (customerIds.length === 0) return new Set()
  const rows = await db.select({ id: customers.customer_id }).from(customers).where(inArray(customers.customer_id, customerIds))
  return new Set(rows.map((row) => row.id))
}

/** The unique index on points.point_number (migration 0025). */
const POINT_NUMBER_KEY = 'points_number_key'

/** The database decides whether a number is free (no check-then-write race); its refusal becomes the field's message. */
async function withFreeNumber<T>(write: Promise<T>): Promise<T> {
  try {
    return await write
  } catch (error) {
    if (violatedUnique(error) === POINT_NUMBER_KEY) throw fieldError('point_number', T.pointNumberTaken)
    throw error
  }
}

export async function insertPoint(db: Executor, input: PointInput): Promise<number> {
  const [row] = await withFreeNumber(db.insert(points).values(input).returning({ id: points.point_id }))
  return row!.id
}

/** The point's fields an edit writes, with their columns' types: the shared input schema names them. */
const EDITED = Object.keys(pointInput.entries) as (keyof PointInput & keyof typeof points._.columns)[]
const editedRecord = sql.raw(EDITED.map((k) => `${k} ${points[k].getSQLType()}`).join(', '))
const editedSet = sql.raw(EDITED.map((k) => `${k} = e.${k}`).join(', '))

/**
 * Writes many points in one statement and answers each as the API shows it: the card its trigger wrote. A taken
 * point number refuses the whole statement with the field's message.
 */
export async function updatePoints(db: Executor, edits: { pointId: number; input: PointInput }[]): Promise<Map<number, Point>> {
  if (edits.length === 0) return new Map()
  const rows = JSON.stringify(edits.map((e) => ({ ...e.input, point_id: e.pointId })))
  const written = await withFreeNumber(
    db.execute<{ point_id: number; card: string }>(sql`
      update ${points} p set ${editedSet}, version = p.version + 1, updated_at = ${new Date()}
      from jsonb_to_recordset(${rows}::jsonb) as e(point_id integer, ${editedRecord})
      where p.point_id = e.point_id
      returning p.point_id, p.card`),
  )
  return new Map(written.rows.map((row) => [row.point_id, JSON.parse(row.card) as Point]))
}

export async function deletePoint(db: Executor, pointId: number): Promise<void> {
  await db.delete(points).where(eq(points.point_id, pointId))
}

/**
 * The current month's A+ consumption of a point, in the account's time zone: the sum of its days as the consumption
 * tab gives them (consumptionByDate), so that the gauge and the tab agree, a register-only meter included.
 */
export async function pointMonthConsumption(db: Executor, pointId: number, timeZone: string = DEFAULT_TIME_ZONE): Promise<number> {
  const month = localParts(Date.now(), timeZone).day.slice(0, 7)
  const days = await consumptionByDate(db, pointId, month, timeZone)
  return days.reduce((sum, day) => sum + (day.consumption ?? 0), 0)
}

/** Installations as a point's «Счётчики» tab shows them (PointCounter), with their point; filter and order to add. */
export const selectInstallations = (db: Executor) =>
  db
    .select({
      point_counter_id: pointCounters.point_counter_id,
      point_id: pointCounters.point_id,
      counter_id: counters.counter_id,
      serial_num: counters.serial_num,
      model_id: counters.model_id,
      model_name: counterModels.name,
      counter_model_api: counterModels.counter_model_api_id,
      coeff: pointCounters.coeff,
      coeff_voltage: pointCounters.coeff_voltage,
      installed_at: pointCounters.installed_at,
      removed_at: pointCounters.removed_at,
      is_active: counters.is_active,
      source: pointCounters.source_id,
      version: counters.version,
      conn_params: pointCounters.conn_params,
    })
    .from(pointCounters)
    .innerJoin(counters, eq(counters.counter_id, pointCounters.counter_id))
    .innerJoin(counterModels, eq(counterModels.model_id, counters.model_id))
    .$dynamic()

export const installationAnswer = <R extends { installed_at: Date; removed_at: Date | null }>({ installed_at, removed_at, ...rest }: R) => ({
  ...rest,
  install_date: installed_at.toISOString(),
  takeoff_date: removed_at ? removed_at.toISOString() : null,
  is_current: removed_at === null,
})

/** Every installation on the point, the current one first, then the removed ones from the latest. */
export async function pointInstallations(db: Executor, pointId: number): Promise<PointCounter[]> {
  const rows = await selectInstallations(db)
    .where(eq(pointCounters.point_id, pointId))
    .orderBy(sql`${pointCounters.removed_at} is not null`, desc(pointCounters.installed_at))
  return rows.map(({ point_id: _point, conn_params: _values, ...row }) => installationAnswer(row))
}
