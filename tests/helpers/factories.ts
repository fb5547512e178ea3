/**
 * Test data as the product knows it: a meter model, points, meters, a meter installed on a point, objects with their
 * points. Rows are written straight into the database (the API paths are tested on their own); every name and number
 * is unique within a database unless the test gives its own.
 */
import type { Executor } from '../../src/server/db/client'
import {
  counterModelApis, counterModels, counters, pointCounters, points, representPoints, represents, resourceTypes,
} from '../../src/server/db/schema'

export type Installation = {
  at: Date
  removedAt?: Date | null
  coeff?: number
  coeffVoltage?: number
  sourceId?: number | null
  connParams?: Record<string, string>
}

export function factories(db: Executor) {
  let seq = 0
  let defaultModel: Promise<number> | undefined

  /** The database's first meter model, or else a Mercury 230 made on its own resource type and protocol. */
  const model = () =>
    (defaultModel ??= (async () => {
      const [known] = await db.select({ id: counterModels.model_id }).from(counterModels).orderBy(counterModels.model_id).limit(1)
      if (known) return known.id
      const [rt] = await db.insert(resourceTypes).values({ name: 'Электроэнергия' }).returning()
      const [api] = await db.insert(counterModelApis).values({ name: 'Меркурий 230', resource_type_id: rt!.resource_type_id, driver: 'mercury230' }).returning()
      const [m] = await db
        .insert(counterModels)
        .values({ name: 'Меркурий 230 ART-03', resource_type_id: rt!.resource_type_id, counter_model_api_id: api!.counter_model_api_id })
        .returning()
      return m!.model_id
    })())

  const point = async (fields: { name?: string; point_number?: string; address?: string } = {}) => {
    const n = ++seq
    const [row] = await db.insert(points).values({ name: `Точка ${n}`, point_number: `PN-${n}`, address: `ул. Ленина, ${n}`, ...fields }).returning()
    return row!.point_id
  }

  const meter = async (fields: { serial_num?: string; model_id?: number; coeff?: number; coeff_voltage?: number } = {}) => {
    const [row] = await db
      .insert(counters)
      .values({ serial_num: `SN-${Date.now() % 100_000}-${++seq}`, ...fields, model_id: fields.model_id ?? (await model()) })
      .returning()
    return row!.counter_id
  }

  const install = async (pointId: number, counterId: number, on: Installation) => {
    await db.insert(pointCounters).values({
      point_id: pointId,
      counter_id: counterId,
      installed_at: on.at,
      removed_at: on.removedAt ?? null,
      coeff: on.coeff ?? 1,
      coeff_voltage: on.coeffVoltage ?? 1,
      ...(on.sourceId !== undefined ? { source_id: on.sourceId } : {}),
      ...(on.connParams ? { conn_params: on.connParams } : {}),
    })
  }

  const object = async (name: string, parentId: number | null = null) => (await db.insert(represents).values({ name, parent_id: parentId }).returning())[0]!.represent_id

  /** Adds points to an object in their order, each with its sign (1 in, -1 out). */
  const withPoints = async (representId: number, pointIds: number[], sign = 1) => {
    await db.insert(representPoints).values(pointIds.map((point_id, i) => ({ represent_id: representId, point_id, color: '#3182ce', order_num: i + 1, sign })))
  }

  return { model, point, meter, install, object, withPoints }
}
