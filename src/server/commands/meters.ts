import { eq } from 'drizzle-orm'
import type {
  ConnParam,
  ConnParamValues,
  Counter,
  CounterCreate,
  CounterUpdate,
  CreateAndInstall,
  TakeOff,
  UpdateAndInstall,
} from '../../shared/schemas/counters'
import { formatValue } from '../../shared/format'
import { T } from '../../shared/texts'
import type { Executor } from '../db/client'
import { pointCounters } from '../db/schema'
import { auditRows } from '../lib/audit'
import { badRequest, orNotFound } from '../lib/http-errors'
import type { SecretBox } from '../lib/secret-box'
import {
  connParamsOf,
  currentInstallation,
  deleteCounter,
  findCounter,
  insertCounter,
  install,
  modelGroupOf,
  recordOperation,
  resolveConnParams,
  setCounterActive,
  takeOffCounter,
  updateCounter,
} from '../repositories/counters'
import { auditedConnParams } from '../repositories/meter-secrets'

/** Meters and their installations: each write with the meter's history and the audit trail, in the caller's transaction. */

export async function existingCounter(db: Executor, id: number): Promise<Counter> {
  return orNotFound(await findCounter(db, id))
}

type MeterOperation = Omit<Parameters<typeof recordOperation>[1], 'userId'>

/**
 * Writes a meter operation to the meter's history and to the audit trail (entity 'counter', action = the operation's
 * kind, remark = its comment): the two records are written only here, so they cannot disagree.
 */
async function meterOperation(tx: Executor, userId: number, op: MeterOperation, before: unknown, after: unknown): Promise<void> {
  await recordOperation(tx, { ...op, userId })
  await auditRows(tx, userId, [{ entity: 'counter', entityId: op.counterId, action: op.type, before, after, remark: op.comment || undefined }])
}

/** The point the meter's operations are told on: its point while it is installed. */
const pointOf = (counter: Counter) => (counter.is_current ? counter.point_id : null)

export async function createMeter(tx: Executor, userId: number, input: CounterCreate): Promise<Counter> {
  const id = await insertCounter(tx, input)
  const counter = await existingCounter(tx, id)
  await meterOperation(tx, userId, { counterId: id, pointId: null, type: 'create', at: new Date() }, null, counter)
  return counter
}

/** Writes the fields that differ; the history's comment lists each change. */
export async function editMeter(tx: Executor, userId: number, before: Counter, patch: CounterUpdate): Promise<Counter> {
  const changed = Object.fromEntries(Object.entries(patch).filter(([key, value]) => value !== undefined && before[key as keyof Counter] !== value))
  if (Object.keys(changed).length === 0) return before
  await updateCounter(tx, before, changed)
  const comment = Object.entries(changed)
    .map(([key, value]) => `${T.auditFields[key] ?? key}: ${formatValue(before[key as keyof Counter])} → ${formatValue(value)}`)
    .join('; ')
  const after = await existingCounter(tx, before.counter_id)
  await meterOperation(tx, userId, { counterId: before.counter_id, pointId: pointOf(before), type: 'edit', at: new Date(), comment }, before, after)
  return after
}

export async function deleteMeter(tx: Executor, userId: number, before: Counter): Promise<void> {
  if (before.is_current) throw badRequest(T.takeOffBeforeDelete)
  await deleteCounter(tx, before.counter_id)
  await auditRows(tx, userId, [{ entity: 'counter', entityId: before.counter_id, action: 'delete', before, after: null }])
}

export async function toggleMeterActive(tx: Executor, userId: number, before: Counter): Promise<Counter> {
  await setCounterActive(tx, before.counter_id, !before.is_active)
  const after = await existingCounter(tx, before.counter_id)
  const type = before.is_active ? 'deactivate' : 'activate'
  await meterOperation(tx, userId, { counterId: before.counter_id, pointId: pointOf(before), type, at: new Date() }, before, after)
  return after
}

/** A new meter installed on a point: two operations, as in the history — created, then installed. */
export async function createAndInstallMeter(tx: Executor, userId: number, box: SecretBox, body: CreateAndInstall, at: Date): Promise<Counter> {
  const group = await modelGroupOf(tx, body.model_id)
  const conn = await resolveConnParams(tx, box, group, null, body.conn_params)
  const id = await insertCounter(tx, body)
  const created = await existingCounter(tx, id)
  await meterOperation(tx, userId, { counterId: id, pointId: null, type: 'create', at }, null, created)
  await install(tx, {
    counterId: id,
    pointId: body.point_id,
    at,
    coeff: body.coeff,
    coeffVoltage: body.coeff_voltage,
    connParams: conn.values,
    sourceId: conn.sourceId,
  })
  const counter = await existingCounter(tx, id)
  await meterOperation(tx, userId, { counterId: id, pointId: body.point_id, type: 'install', at }, created, counter)
  return counter
}

/** An existing meter installed on a point, its ratios kept unless given. */
export async function installMeter(tx: Executor, userId: number, box: SecretBox, before: Counter, body: UpdateAndInstall, at: Date): Promise<Counter> {
  const conn = await resolveConnParams(tx, box, before.counter_model_api, null, body.conn_params)
  await install(tx, {
    counterId: before.counter_id,
    pointId: body.point_id,
    at,
    coeff: body.coeff ?? before.coeff,
    coeffVoltage: body.coeff_voltage ?? before.coeff_voltage,
    connParams: conn.values,
    sourceId: conn.sourceId,
  })
  const after = await existingCounter(tx, before.counter_id)
  await meterOperation(tx, userId, { counterId: before.counter_id, pointId: body.point_id, type: 'install', at }, before, after)
  return after
}

export async function takeOffMeter(tx: Executor, userId: number, before: Counter, body: TakeOff, at: Date): Promise<Counter> {
  const pointId = await takeOffCounter(tx, before.counter_id, at)
  const after = await existingCounter(tx, before.counter_id)
  await meterOperation(tx, userId, { counterId: before.counter_id, pointId, type: 'take_off', at, comment: body.comment }, before, after)
  return after
}

/** The connection parameters of the meter's current installation; secrets are kept sealed and audited masked. */
export async function updateMeterConnParams(tx: Executor, userId: number, box: SecretBox, counter: Counter, values: ConnParamValues): Promise<ConnParam[]> {
  const current = await currentInstallation(tx, counter.counter_id)
  if (!current) throw badRequest(T.counterNotInstalled)
  const conn = await resolveConnParams(tx, box, counter.counter_model_api, current.conn_params, values)
  await tx.update(pointCounters).set({ conn_params: conn.values, source_id: conn.sourceId }).where(eq(pointCounters.point_counter_id, current.point_counter_id))
  const op = { counterId: counter.counter_id, pointId: current.point_id, type: 'conn_params', at: new Date(), comment: Object.keys(values).join(', ') } as const
  await meterOperation(tx, userId, op, auditedConnParams(current.conn_params), auditedConnParams(conn.values))
  return connParamsOf(tx, counter.counter_model_api, conn.values)
}
