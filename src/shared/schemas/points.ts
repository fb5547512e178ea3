import * as v from 'valibot'
import { DEFAULT_ENERGY_LIMIT_KWH } from '../constants'
import { T } from '../texts'
import { formObject, idValue, listQueryEntries, numberValue, optionalText, paged, requiredText } from './common'

/** A metering point as the API answers it (metering.md section 3). */
export const point = v.object({
  point_id: v.number(),
  point_number: v.string(),
  name: v.string(),
  address: v.string(),
  geopoint: v.string(),
  remark: v.string(),
  customer_id: v.nullable(v.number()),
  customer: v.nullable(v.object({ name: v.string() })),
  counter_id: v.nullable(v.number()),
  has_counter: v.boolean(),
  point_represents_number: v.number(),
  represents: v.array(v.object({ represent_id: v.number(), name: v.string() })),
  energy_limit: v.number(),
  version: v.number(),
})
export type Point = v.InferOutput<typeof point>
export const pointList = paged(point)

/** An optional customer: absent, null or '' mean none. */
const customerId = v.optional(
  v.pipe(
    v.nullable(v.union([v.literal(''), idValue()], T.invalidValue)),
    v.transform((x) => (x === '' || x === null ? null : x)),
  ),
  null,
)

/** POST and PUT body: name, point_number and address are required; the rest optional. */
export const pointInput = formObject({
  name: requiredText(255),
  point_number: requiredText(50),
  address: requiredText(500),
  geopoint: optionalText(64),
  remark: optionalText(),
  customer_id: customerId,
  energy_limit: v.optional(numberValue(0, 1e9), DEFAULT_ENERGY_LIMIT_KWH),
})
export type PointInput = v.InferOutput<typeof pointInput>

export const pointListQuery = v.object(listQueryEntries)

export const pointConsumption = v.object({ consumption__sum: v.number() })

/** A meter as seen from a point's "Счетчики" tab: one row per installation. */
export const pointCounter = v.object({
  point_counter_id: v.number(),
  counter_id: v.number(),
  serial_num: v.string(),
  model_id: v.number(),
  model_name: v.string(),
  counter_model_api: v.number(),
  coeff: v.number(),
  coeff_voltage: v.number(),
  install_date: v.string(),
  takeoff_date: v.nullable(v.string()),
  is_current: v.boolean(),
  is_active: v.boolean(),
  source: v.nullable(v.number()),
  version: v.number(),
})
export type PointCounter = v.InferOutput<typeof pointCounter>
export const pointCounterList = v.object({ results: v.array(pointCounter) })
