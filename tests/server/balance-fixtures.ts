import type { Db } from '../../src/server/db/client'
import { counterModelApis, counterModels, counters, pointCounters, points, resourceTypes } from '../../src/server/db/schema'

/** Small factories for balance tests: a meter model, points, meters and installations with their ratios. */
export function meteringFactory(db: Db) {
  let modelId: number | undefined
  let seq = 0
  const model = async () => {
    if (modelId) return modelId
    const [rt] = await db.insert(resourceTypes).values({ name: 'Электроэнергия' }).returning()
    const [api] = await db.insert(counterModelApis).values({ name: 'Меркурий 230', resource_type_id: rt!.resource_type_id, driver: 'mercury230' }).returning()
    const [m] = await db
      .insert(counterModels)
      .values({ name: 'Меркурий 230 ART-03', resource_type_id: rt!.resource_type_id, counter_model_api_id: api!.counter_model_api_id })
      .returning()
    modelId = m!.model_id
    return modelId
  }
  return {
    point: async (name: string) => {
      const [row] = await db.insert(points).values({ name, point_number: `PN-${++seq}`, address: `ул. Ленина, ${seq}` }).returning()
      return row!.point_id
    },
    counter: async () => {
      const [row] = await db.insert(counters).values({ serial_num: `SN${Date.now() % 100000}-${++seq}`, model_id: await model() }).returning()
      return row!.counter_id
    },
    install: async (point_id: number, counter_id: number, installed_at: Date, removed_at: Date | null, ratio: { coeff?: number; coeff_voltage?: number } = {}) => {
      await db.insert(pointCounters).values({ point_id, counter_id, installed_at, removed_at, coeff: ratio.coeff ?? 1, coeff_voltage: ratio.coeff_voltage ?? 1 })
    },
  }
}

/** An instant given in Moscow local time (UTC+3). */
export const msk = (local: string) => new Date(`${local}+03:00`)
