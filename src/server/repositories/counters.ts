import { and, asc, count, desc, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm'
import type { PgSelect } from 'drizzle-orm/pg-core'
import type { ListQuery, Paged } from '../../shared/schemas/common'
import {
  CONN_SOURCES,
  CONN_SOURCE_PARAM,
  COPER_TYPES,
  isSecretConnParam,
  visibleConnParams,
  type ConnParam,
  type ConnParamValues,
  type CoperType,
  type Counter,
  type CounterCreate,
  type CounterOperation,
} from '../../shared/schemas/counters'
import type { ModelConnParam } from '../../shared/schemas/references'
import { T } from '../../shared/texts'
import { connParamErrors } from '../../shared/validation/conn-params'
import type { Executor } from '../db/client'
import { counterModelApis, counterModels, counterOperations, counters, dataSources, modelConnParams, pointCounters, points, users } from '../db/schema'
import { badRequest, fieldError } from '../lib/http-errors'
import type { SecretBox } from '../lib/secret-box'
import {
  amongIds,
  likePattern,
  listShapeKey,
  listShapeOf,
  orderedBy,
  orderingOf,
  paged,
  trigramTarget,
  withPage,
  type ListShape,
  type SearchKind,
} from '../lib/listing'
import { pagedJson } from '../lib/sql-json'
import { statementCache } from '../lib/statement-cache'
import { sealConnSecrets, secretsLeftBehind } from './meter-secrets'
import { countRows, keptTotal } from './row-counts'

/** Meters as the API shows them (Counter): the card the database keeps (migration 0019), read as it is. */
function selectCounters<TExtra extends Record<string, SQL>>(db: Executor, extra?: TExtra) {
  return db
    .select({ json: counters.card, ...(extra as TExtra) })
    .from(counters)
    .$dynamic()
}

const ORDERINGS = {
  serial_num: counters.serial_num,
  counter_id: counters.counter_id,
  model_name: counterModels.name,
  is_active: counters.is_active,
}

const wasOnPoint = sql`exists(select 1 from ${pointCounters} pc where pc.counter_id = ${counters}.counter_id and pc.point_id = ${sql.placeholder('point_id')})`
const isInstalled = sql`exists(select 1 from ${pointCounters} pc where pc.counter_id = ${counters}.counter_id and pc.removed_at is null)`

/** Which filters apply besides the search: meters ever on one point; meters on no point now, of any or of one model. */
type CounterFilter = 'all' | 'point' | 'available' | 'available_model'
const FILTERS: Record<CounterFilter, (SQL | undefined)[]> = {
  all: [],
  point: [wasOnPoint],
  available: [sql`not ${isInstalled}`],
  available_model: [sql`not ${isInstalled}`, eq(counters.model_id, sql.placeholder('model_id'))],
}

const whereOf = (search: SearchKind, filter: CounterFilter) =>
  and(search === 'none' ? undefined : sql`${trigramTarget(counters.serial_num, search)} ilike ${sql.placeholder('pattern')}`, ...FILTERS[filter])

/**
 * The page's ids are chosen first, and only the page's cards are read. Unfiltered, the page carries the kept count
 * of meters along (`keptTotal`).
 */
const counterPages = statementCache(
  ({ list, filter }: { list: ListShape; filter: CounterFilter }) => `${filter}|${listShapeKey(list)}`,
  (db, { list, filter }) => {
    const order = orderingOf(list.ordering, ORDERINGS, [asc(counters.serial_num), asc(counters.counter_id)], counters.counter_id)
    // Every meter has a model (a required foreign key): the models are joined only to sort by their name.
    const withModels = <Q extends PgSelect>(rows: Q) =>
      orderedBy(list.ordering, ['model_name']) ? rows.innerJoin(counterModels, eq(counterModels.model_id, counters.model_id)) : rows
    const pageIds = withPage(
      withModels(db.select({ id: counters.counter_id }).from(counters).$dynamic())
        .where(whereOf(list.search, filter))
        .orderBy(...order),
      list.page,
    )
    const kept = list.search === 'none' && filter === 'all' ? keptTotal(db, counters) : undefined
    return withModels(selectCounters(db, kept))
      .where(amongIds(counters.counter_id, pageIds))
      .orderBy(...order)
      .prepare('counters.page')
  },
)
const counterCounts = statementCache(
  ({ search, filter }: { search: SearchKind; filter: CounterFilter }) => `${filter}|${search}`,
  (db, { search, filter }) => countRows(db, counters, whereOf(search, filter)).prepare('counters.count'),
)

async function pageOfCounters(db: Executor, query: ListQuery, filter: CounterFilter, values: { point_id?: number; model_id?: number }): Promise<string> {
  const list = listShapeOf(query)
  const bound = { ...values, pattern: likePattern(query.search) }
  return pagedJson(await counterPages(db, { list, filter }).execute(bound), () => counterCounts(db, { search: list.search, filter }).execute(bound), query)
}

/** The meters list's answer as JSON text, optionally only the meters ever installed on one point. */
export function listCountersJson(db: Executor, query: ListQuery & { point_id?: number }): Promise<string> {
  return pageOfCounters(db, query, query.point_id === undefined ? 'all' : 'point', { point_id: query.point_id })
}

/** Meters on no point now, optionally of one model: what the wizard offers as an existing meter (JSON text). */
export function listAvailableForInstallJson(db: Executor, query: ListQuery & { model_id?: number }): Promise<string> {
  return pageOfCounters(db, query, query.model_id === undefined ? 'available' : 'available_model', { model_id: query.model_id })
}

export async function findCounter(db: Executor, counterId: number): Promise<Counter | undefined> {
  const [row] = await selectCounters(db).where(eq(counters.counter_id, counterId))
  return row && (JSON.parse(row.json) as Counter)
}

async function assertSerialFree(db: Executor, modelId: number, serialNum: string, exceptId?: number): Promise<void> {
  const [row] = await db
    .select({ id: counters.counter_id })
    .from(counters)
    .where(and(eq(counters.model_id, modelId), eq(counters.serial_num, serialNum)))
  if (row && row.id !== exceptId) throw fieldError('serial_num', T.counterSerialTaken)
}

export async function modelGroupOf(db: Executor, modelId: number): Promise<number> {
  const [model] = await db.select({ api: counterModels.counter_model_api_id }).from(counterModels).where(eq(counterModels.model_id, modelId))
  if (!model) throw fieldError('model_id', T.relatedMissing)
  return model.api
}

export async function insertCounter(db: Executor, input: CounterCreate): Promise<number> {
  await modelGroupOf(db, input.model_id)
  await assertSerialFree(db, input.model_id, input.serial_num)
  const [row] = await db
    .insert(counters)
    .values({
      serial_num: input.serial_num,
      model_id: input.model_id,
      coeff: input.coeff,
      coeff_voltage: input.coeff_voltage,
      remark: input.remark,
      time_zone: input.time_zone ?? null,
    })
    .returning({ id: counters.counter_id })
  return row!.id
}

/** Edits the meter; the ratios also restate its current installation, which the point's figures use. */
export async function updateCounter(
  db: Executor,
  before: Counter,
  patch: Partial<Pick<Counter, 'serial_num' | 'coeff' | 'coeff_voltage' | 'remark' | 'time_zone'>>,
): Promise<void> {
  if (patch.serial_num !== undefined) await assertSerialFree(db, before.model_id, patch.serial_num, before.counter_id)
  await db
    .update(counters)
    .set({ ...patch, version: sql`${counters.version} + 1` })
    .where(eq(counters.counter_id, before.counter_id))
  if (patch.coeff !== undefined || patch.coeff_voltage !== undefined) {
    await db
      .update(pointCounters)
      .set({ coeff: patch.coeff ?? before.coeff, coeff_voltage: patch.coeff_voltage ?? before.coeff_voltage })
      .where(and(eq(pointCounters.counter_id, before.counter_id), isNull(pointCounters.removed_at)))
  }
}

export async function setCounterActive(db: Executor, counterId: number, active: boolean): Promise<void> {
  await db
    .update(counters)
    .set({ is_active: active, version: sql`${counters.version} + 1` })
    .where(eq(counters.counter_id, counterId))
}

export async function deleteCounter(db: Executor, counterId: number): Promise<void> {
  await db.delete(counters).where(eq(counters.counter_id, counterId))
}

export async function currentInstallation(db: Executor, counterId: number) {
  const [row] = await db
    .select()
    .from(pointCounters)
    .where(and(eq(pointCounters.counter_id, counterId), isNull(pointCounters.removed_at)))
  return row
}

async function pointHasCounter(db: Executor, pointId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: pointCounters.point_counter_id })
    .from(pointCounters)
    .where(and(eq(pointCounters.point_id, pointId), isNull(pointCounters.removed_at)))
  return row !== undefined
}

export type Installation = {
  counterId: number
  pointId: number
  at: Date
  coeff: number
  coeffVoltage: number
  connParams: ConnParamValues
  sourceId: number | null
}

/**
 * The point's row, locked as its card's rewrite will lock it, before the meter's: a rename of the point rewrites the
 * cards of its meters in that order (migrations 0019 and 0021), and so, one after the other, do installs on one point.
 */
const lockPoint = (db: Executor, pointId: number) => db.select({ id: points.point_id }).from(points).where(eq(points.point_id, pointId)).for('no key update')

/** Puts a meter on a point that has none; the meter must be on no other point. */
export async function install(db: Executor, installation: Installation): Promise<void> {
  const [point] = await lockPoint(db, installation.pointId)
  if (!point) throw fieldError('point_id', T.relatedMissing)
  if (await pointHasCounter(db, installation.pointId)) throw fieldError('point_id', T.pointHasCounter)
  if (await currentInstallation(db, installation.counterId)) throw badRequest(T.counterInstalledElsewhere)
  // An installation starts where the point's last one and the meter's last one ended, never inside them.
  const [overlap] = await db
    .select({ id: pointCounters.point_counter_id })
    .from(pointCounters)
    .where(
      and(
        or(eq(pointCounters.point_id, installation.pointId), eq(pointCounters.counter_id, installation.counterId)),
        gt(pointCounters.removed_at, installation.at),
      ),
    )
    .limit(1)
  if (overlap) throw fieldError('operation_date', T.installBeforeRemoval)
  await db.insert(pointCounters).values({
    point_id: installation.pointId,
    counter_id: installation.counterId,
    installed_at: installation.at,
    coeff: installation.coeff,
    coeff_voltage: installation.coeffVoltage,
    conn_params: installation.connParams,
    source_id: installation.sourceId,
  })
  await db
    .update(counters)
    .set({ coeff: installation.coeff, coeff_voltage: installation.coeffVoltage, version: sql`${counters.version} + 1` })
    .where(eq(counters.counter_id, installation.counterId))
}

/** Ends the meter's current installation; a meter on no point is refused with the spec's message. */
export async function takeOffCounter(db: Executor, counterId: number, at: Date): Promise<number> {
  const current = await currentInstallation(db, counterId)
  if (!current) throw badRequest(T.counterNotInstalled)
  if (at < current.installed_at) throw fieldError('operation_date', T.invalidValue)
  // The point, then the meter's row, then its installation, as a rename of the point and an edit of the meter's
  // ratios take them: in another order, they could deadlock.
  await lockPoint(db, current.point_id)
  await db
    .update(counters)
    .set({ version: sql`${counters.version} + 1` })
    .where(eq(counters.counter_id, counterId))
  await db.update(pointCounters).set({ removed_at: at }).where(eq(pointCounters.point_counter_id, current.point_counter_id))
  return current.point_id
}

export async function recordOperation(
  db: Executor,
  op: { counterId: number; pointId: number | null; type: CoperType; at: Date; comment?: string; userId: number | null },
): Promise<void> {
  await db.insert(counterOperations).values({
    counter_id: op.counterId,
    point_id: op.pointId,
    coper_type: op.type,
    operation_date: op.at,
    comment: op.comment ?? '',
    user_id: op.userId,
  })
}

export function listOperations(db: Executor, query: ListQuery & { counter_id?: number }): Promise<Paged<CounterOperation>> {
  const where = query.counter_id === undefined ? undefined : eq(counterOperations.counter_id, query.counter_id)
  const rows = db
    .select({
      counter_oper_id: counterOperations.counter_oper_id,
      counter_id: counterOperations.counter_id,
      counter_serial_num: counters.serial_num,
      operation_date: counterOperations.operation_date,
      coper_type: counterOperations.coper_type,
      comment: counterOperations.comment,
      point_id: counterOperations.point_id,
      point_name: points.name,
      user_name: sql<string | null>`nullif(trim(concat_ws(' ', ${users.first_name}, ${users.last_name})), '')`,
      username: users.username,
    })
    .from(counterOperations)
    .innerJoin(counters, eq(counters.counter_id, counterOperations.counter_id))
    .leftJoin(points, eq(points.point_id, counterOperations.point_id))
    .leftJoin(users, eq(users.user_id, counterOperations.user_id))
    .where(where)
    .orderBy(desc(counterOperations.operation_date), desc(counterOperations.counter_oper_id))
    .$dynamic()
  return paged(
    withPage(rows, query),
    () => db.select({ count: count() }).from(counterOperations).where(where),
    ({ operation_date, username, user_name, ...row }) => ({
      ...row,
      operation_date: operation_date.toISOString(),
      coper_type_name: COPER_TYPES[row.coper_type as CoperType] ?? row.coper_type,
      user_name: user_name ?? username,
    }),
    query,
  )
}

export async function modelGroupConnParams(db: Executor, counterModelApiId: number): Promise<ModelConnParam[]> {
  return db
    .select({
      par_name: modelConnParams.par_name,
      description: modelConnParams.description,
      default_value: modelConnParams.default_value,
      required: modelConnParams.required,
    })
    .from(modelConnParams)
    .where(eq(modelConnParams.counter_model_api_id, counterModelApiId))
    .orderBy(asc(modelConnParams.order_num), asc(modelConnParams.model_conn_param_id))
}

/**
 * Connection parameters after a change, as they are stored: the known parameters of the model group with the given
 * values over the previous ones (defaults for a new installation), secrets sealed with `box`. For the lorawandb
 * source only the net address counts; for TCP every parameter but the source. Required values are checked, and a
 * stored password is not kept for a new address (`secretsLeftBehind`).
 */
export async function resolveConnParams(
  db: Executor,
  box: SecretBox,
  counterModelApiId: number,
  previous: ConnParamValues | null,
  changes: ConnParamValues,
): Promise<{ values: ConnParamValues; sourceId: number | null }> {
  const known = await modelGroupConnParams(db, counterModelApiId)
  const names = new Set(known.map((p) => p.par_name))
  const unknown = Object.keys(changes).filter((name) => !names.has(name))
  if (unknown.length > 0) throw badRequest(Object.fromEntries(unknown.map((name) => [`conn_params.${name}`, [T.unknownConnParam]])))
  const [group] = await db
    .select({ driver: counterModelApis.driver })
    .from(counterModelApis)
    .where(eq(counterModelApis.counter_model_api_id, counterModelApiId))
  const invalid = connParamErrors(changes, group?.driver)
  if (Object.keys(invalid).length > 0) throw badRequest(Object.fromEntries(Object.entries(invalid).map(([field, message]) => [field, [message]])))
  const base = previous ?? sealConnSecrets(box, Object.fromEntries(known.map((p) => [p.par_name, p.default_value])))
  const values: ConnParamValues = { ...base, ...sealConnSecrets(box, changes) }
  const sourceName = values[CONN_SOURCE_PARAM] || CONN_SOURCES.TCP
  const [source] = await db.select({ id: dataSources.source_id }).from(dataSources).where(eq(dataSources.name, sourceName))
  if (!source) throw fieldError(`conn_params.${CONN_SOURCE_PARAM}`, T.unknownSource)
  const next = { ...values, [CONN_SOURCE_PARAM]: sourceName }
  const missing = visibleConnParams(known, sourceName).filter((p) => p.required && !values[p.par_name])
  const leftBehind = previous ? secretsLeftBehind(previous, changes, next) : []
  if (missing.length + leftBehind.length > 0)
    throw badRequest({
      ...Object.fromEntries(missing.map((p) => [`conn_params.${p.par_name}`, [T.required]])),
      ...Object.fromEntries(leftBehind.map((name) => [`conn_params.${name}`, [T.secretAddressChanged]])),
    })
  return { values: next, sourceId: source.id }
}

/** The current installation's parameters with their descriptions, in the model group's order; a secret only as set or not. */
export async function connParamsOf(db: Executor, counterModelApiId: number, values: ConnParamValues): Promise<ConnParam[]> {
  const known = await modelGroupConnParams(db, counterModelApiId)
  return known.map(({ par_name, description, default_value, required }) =>
    isSecretConnParam(par_name)
      ? { par_name, description, par_value: '', required, is_set: Boolean(values[par_name]) }
      : { par_name, description, par_value: values[par_name] ?? default_value, required },
  )
}

/** The meter installed now whose lorawandb connection has this net address. */
export async function meterAtLorawanAddress(db: Executor, source: string, netAddress: string): Promise<number | undefined> {
  const found = await db.execute<{ counter_id: number }>(sql`
    select pc.counter_id from point_counters pc
    join data_sources ds on ds.source_id = pc.source_id
    where pc.removed_at is null and ds.name = ${source} and pc.conn_params->>'net_address' = ${netAddress}
    limit 1`)
  return found.rows[0]?.counter_id
}
