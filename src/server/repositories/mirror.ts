import { asc, gt, isNull, or, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { ConnParam } from '../../shared/schemas/counters'
import { SECRET_CONN_PARAMS, type MirroredInstallation, type MirroredReadings } from '../../shared/schemas/mirror'
import type { Executor } from '../db/client'
import { counters, pointCounters, points, represents } from '../db/schema'
import { modelGroupConnParams } from './counters'
import { registerValue, type RegisterRecord } from './meter-data'
import { installationAnswer, selectInstallations } from './points'
import { iso } from './tasks'

/**
 * How far behind the database's clock the cursor is kept: a row is dated when written (clock_timestamp, migration
 * 0026) and may commit a little later, after a round that did not see it; the next round asks from before it.
 */
const CURSOR_MARGIN = sql`interval '2 minutes'`

export async function mirrorCursor(db: Executor): Promise<string> {
  const result = await db.execute(sql`select iso_time(now() - ${CURSOR_MARGIN}) as cursor`)
  return (result.rows[0] as { cursor: string }).cursor
}

const since = (column: PgColumn, from: Date | undefined) => (from ? gt(column, from) : undefined)

/** Every id of the table, ascending: what the device keeps, the rest was deleted. */
const idsOf = async (db: Executor, id: PgColumn): Promise<number[]> => (await db.select({ id }).from(id.table).orderBy(asc(id))).map((row) => row.id as number)

/** The cards (JSON text, as the list sends them) of the points changed since `from`, or of every point. */
export async function pointCardsSince(db: Executor, from?: Date): Promise<string[]> {
  const rows = await db.select({ json: points.card }).from(points).where(since(points.changed_at, from)).orderBy(asc(points.point_id))
  return rows.map((row) => row.json)
}

export async function counterCardsSince(db: Executor, from?: Date): Promise<string[]> {
  const rows = await db.select({ json: counters.card }).from(counters).where(since(counters.changed_at, from)).orderBy(asc(counters.counter_id))
  return rows.map((row) => row.json)
}

export const representsSince = (db: Executor, from?: Date) =>
  db
    .select({ represent_id: represents.represent_id, parent_id: represents.parent_id, name: represents.name })
    .from(represents)
    .where(since(represents.changed_at, from))
    .orderBy(asc(represents.represent_id))

/**
 * Installations as the point's «Счётчики» tab shows them, changed since `from`: the installation or its meter. Their
 * meters' connection parameters only `withConnParams` (the meters' view, as GET /api/counters/{id}/conn_params/).
 */
export async function installationsSince(db: Executor, from: Date | undefined, withConnParams: boolean): Promise<MirroredInstallation[]> {
  const rows = await selectInstallations(db)
    .where(from && or(gt(pointCounters.changed_at, from), gt(counters.changed_at, from)))
    .orderBy(asc(pointCounters.point_counter_id))
  // Each model group's parameters are read once, not once per installation (connParamsOf's answer, built here).
  const groups = new Map<number, ReturnType<typeof modelGroupConnParams>>()
  const paramsOf = async (modelApiId: number, values: Record<string, string>): Promise<ConnParam[]> => {
    if (!groups.has(modelApiId)) groups.set(modelApiId, modelGroupConnParams(db, modelApiId))
    const known = (await groups.get(modelApiId)!).filter((p) => !SECRET_CONN_PARAMS.includes(p.par_name))
    return known.map((p) => ({ par_name: p.par_name, description: p.description, par_value: values[p.par_name] ?? p.default_value, required: p.required }))
  }
  return Promise.all(
    rows.map(async ({ conn_params: values, ...row }) => ({
      ...installationAnswer(row),
      conn_params: withConnParams && row.removed_at === null ? await paramsOf(row.counter_model_api, values) : null,
    })),
  )
}

export const pointIds = (db: Executor) => idsOf(db, points.point_id)
export const counterIds = (db: Executor) => idsOf(db, counters.counter_id)
export const representIds = (db: Executor) => idsOf(db, represents.represent_id)
export const installationIds = (db: Executor) => idsOf(db, pointCounters.point_counter_id)

/**
 * How far before the cursor a meter's latest reading still counts as new. A reading is dated when it was taken: a
 * poll's readings when the poll started, stored when it ends, up to its deadline (POLL_DEADLINE_MS, 2 minutes) later,
 * which may be after a round whose cursor passed that date. A meter read within it is sent in two or three rounds.
 */
const READINGS_LATE_MARGIN = sql`interval '10 minutes'`

/**
 * The latest register readings of every meter installed on a point now, as its info dialog shows them; with `from`,
 * only of the meters read after it (less READINGS_LATE_MARGIN). Each meter costs two probes of the (counter_id,
 * read_at) index of register_readings (its latest time, then that time's rows), so a whole copy grows with the meters,
 * never with the readings kept.
 */
export async function readingsSince(db: Executor, from?: Date): Promise<MirroredReadings[]> {
  const result = await db.execute(sql`
    select pc.counter_id, r.channel, r.tariff, r.value, ${iso('r.read_at')} as read_at
    from point_counters pc
    cross join lateral (select max(read_at) as read_at from register_readings where counter_id = pc.counter_id) latest
    join register_readings r on r.counter_id = pc.counter_id and r.read_at = latest.read_at
    where pc.removed_at is null ${from ? sql`and latest.read_at > ${from.toISOString()}::timestamptz - ${READINGS_LATE_MARGIN}` : sql``}
    order by pc.counter_id, r.channel, r.tariff`)
  const byMeter = new Map<number, MirroredReadings>()
  for (const { counter_id, ...record } of result.rows as (RegisterRecord & { counter_id: number })[]) {
    const meter = byMeter.get(counter_id) ?? { counter_id, data: [], values_date: record.read_at }
    meter.data.push(registerValue(record))
    byMeter.set(counter_id, meter)
  }
  return [...byMeter.values()]
}

/** The meters installed on a point now: the device keeps the readings of these. */
export async function installedCounterIds(db: Executor): Promise<number[]> {
  const rows = await db
    .select({ id: pointCounters.counter_id })
    .from(pointCounters)
    .where(isNull(pointCounters.removed_at))
    .orderBy(asc(pointCounters.counter_id))
  return rows.map((row) => row.id)
}
