import * as v from 'valibot'
import { DEFAULT_ENERGY_LIMIT_KWH } from '../constants'
import { T } from '../texts'
import { formObject, idValue, numberValue, optionalText, isoTime, isoTimeOrNull, paged, representRefs, requiredText } from './common'

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
  represents: representRefs(),
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

/** Decimal degrees as the geopoint holds them: a dot before the fraction, no exponent. */
const DEGREES = /^-?\d{1,3}(\.\d+)?$/
/** The geopoint stored: «latitude, longitude» in decimal degrees, e.g. «56.838011, 60.597465». */
const GEOPOINT = /^(\S+), (\S+)$/

function geopointValid(text: string): boolean {
  const [, latitude, longitude] = GEOPOINT.exec(text) ?? []
  return (
    latitude !== undefined &&
    longitude !== undefined &&
    DEGREES.test(latitude) &&
    DEGREES.test(longitude) &&
    Math.abs(Number(latitude)) <= 90 &&
    Math.abs(Number(longitude)) <= 180
  )
}

/** A point's place: empty, or «latitude, longitude» within −90…90 and −180…180. */
const geopointValue = v.optional(
  v.pipe(
    v.nullable(v.string(T.invalidValue)),
    v.transform((s) => (s ?? '').trim()),
    v.check((s) => s === '' || geopointValid(s), T.geopointInvalid),
  ),
  '',
)

/** The latitude and longitude fields of the point form as its geopoint holds them, or as they are when not of that form. */
export function geopointParts(geopoint: string): { latitude: string; longitude: string } {
  const parts = geopoint
    .trim()
    .split(/\s*[,;]\s*|\s+/)
    .filter(Boolean)
  const [latitude, longitude] = parts
  const number = (x: string | undefined) => x !== undefined && /^[-−]?\d+([.,]\d+)?$/.test(x)
  return parts.length === 2 && number(latitude) && number(longitude)
    ? { latitude: latitude!, longitude: longitude! }
    : { latitude: geopoint.trim(), longitude: '' }
}

/** A degrees field of the form: empty (null) or a number within ±`max`, a comma or a dot before the fraction. */
const degreesField = (max: number, message: string) =>
  v.optional(
    v.pipe(
      v.string(message),
      v.transform((s) => s.trim().replace(',', '.').replace('−', '-')),
      v.check((s) => s === '' || (/^-?\d+(\.\d+)?$/.test(s) && Math.abs(Number(s)) <= max), message),
      v.transform((s) => (s === '' ? null : Number(s))),
    ),
    '',
  )

/** Degrees as the geopoint writes them: at most 7 places (a centimetre), no trailing zeros, never an exponent. */
const degreesText = (n: number) =>
  n
    .toFixed(7)
    .replace(/\.?0+$/, '')
    .replace(/^-0$/, '0')

/**
 * A word (a run of letters) of both Latin and Cyrillic: the point number goes into the 80020 file for the market
 * operator, and «ТПA-12» with a Latin «A» reads as «ТПА-12». Words of either alphabet side by side stay (a breaker «QF2»
 * at «ТП-15»).
 */
const MIXED_WORD = /(?<!\p{L})(?=\p{L}*\p{Script=Latin})(?=\p{L}*\p{Script=Cyrillic})/u

/** POST and PUT body: name, point_number and address are required; the rest optional. */
export const pointInput = formObject({
  name: requiredText(255),
  point_number: v.pipe(
    requiredText(50),
    v.check((text) => !MIXED_WORD.test(text), T.pointNumberMixedAlphabets),
  ),
  address: requiredText(500),
  geopoint: geopointValue,
  remark: optionalText(),
  customer_id: customerId,
  energy_limit: v.optional(numberValue(0, 1e9), DEFAULT_ENERGY_LIMIT_KWH),
})
export type PointInput = v.InferOutput<typeof pointInput>

const { geopoint: _geopoint, ...pointFormEntries } = pointInput.entries
/** The point form: the place as latitude and longitude fields, sent as the geopoint of PointInput. */
export const pointForm = v.pipe(
  formObject({ ...pointFormEntries, latitude: degreesField(90, T.latitudeRange), longitude: degreesField(180, T.longitudeRange) }),
  v.forward(
    v.partialCheck([['latitude'], ['longitude']], (x) => !(x.latitude === null && x.longitude !== null), T.geopointBoth),
    ['latitude'],
  ),
  v.forward(
    v.partialCheck([['latitude'], ['longitude']], (x) => !(x.longitude === null && x.latitude !== null), T.geopointBoth),
    ['longitude'],
  ),
  v.transform(({ latitude, longitude, ...rest }): PointInput => ({
    ...rest,
    geopoint: latitude === null || longitude === null ? '' : `${degreesText(latitude)}, ${degreesText(longitude)}`,
  })),
)

export const pointConsumption = v.object({ consumption__sum: v.number() })

/** A meter as seen from a point's «Счётчики» tab: one row per installation. */
export const pointCounter = v.object({
  point_counter_id: v.number(),
  counter_id: v.number(),
  serial_num: v.string(),
  model_id: v.number(),
  model_name: v.string(),
  counter_model_api: v.number(),
  coeff: v.number(),
  coeff_voltage: v.number(),
  install_date: isoTime(),
  takeoff_date: isoTimeOrNull(),
  is_current: v.boolean(),
  is_active: v.boolean(),
  source: v.nullable(v.number()),
  version: v.number(),
})
export type PointCounter = v.InferOutput<typeof pointCounter>
export const pointCounterList = v.object({ results: v.array(pointCounter) })
