import * as v from 'valibot'
import {
  ENERGY_FORMATS,
  ENERGY_TYPES,
  HALFS_NUM_DEFAULT,
  HALFS_NUM_MAX,
  NAME_MAX,
  PROFILE_INTERVALS,
  PROFILE_INTERVAL_DEFAULT,
  ROUND_VAL_DEFAULT,
  type ProfileInterval,
  ROUND_WITH_MAX,
  ROUND_WITH_MIN,
} from '../constants'
import { T } from '../texts'
import { boolValue, dateText, formObject, idValue, intValue, numberValue, optionalText, requiredText } from './common'

/* Display settings of an object, kept in its row and sent as the balance query. */

export const ROUND_VALS = [
  'trunc',
  'round0',
  ...Array.from({ length: ROUND_WITH_MAX - ROUND_WITH_MIN + 1 }, (_, i) => `roundWith${i + ROUND_WITH_MIN}`),
] as const

/** trunc, round0 or roundWith1..roundWith5; anything else (roundWith7 too) is a 400 with the allowed values. */
const roundVal = () =>
  v.pipe(
    v.string(T.invalidValue),
    v.check((s) => (ROUND_VALS as readonly string[]).includes(s), T.oneOf(ROUND_VALS)),
  )

const color = () => v.pipe(v.string(T.invalidValue), v.trim(), v.regex(/^#[0-9a-fA-F]{6}$/, T.invalidValue))
const energyFormat = () => v.picklist(ENERGY_FORMATS, T.oneOf(ENERGY_FORMATS))
const energyType = () => v.picklist(ENERGY_TYPES, T.oneOf(ENERGY_TYPES))
const periodType = () => v.picklist(['current', 'selected'], T.oneOf(['current', 'selected']))
const nullableDate = () => v.optional(v.nullable(dateText()), null)

/** Spec: the last half-hours count resets to 12 on a non-numeric entry and is capped at 168. */
export function normalizeHalfsNum(input: unknown): number {
  const n = typeof input === 'number' ? input : typeof input === 'string' && /^\s*\d+\s*$/.test(input) ? Number(input) : NaN
  if (!Number.isInteger(n) || n < 1) return HALFS_NUM_DEFAULT
  return Math.min(n, HALFS_NUM_MAX)
}

/* Rows as answered. */

export const representTreeRow = v.object({ represent_id: v.number(), parent_id: v.nullable(v.number()), name: v.string() })
export type RepresentTreeRow = v.InferOutput<typeof representTreeRow>
export const representTree = v.object({ results: v.array(representTreeRow) })

export const represent = v.object({
  represent_id: v.number(),
  parent_id: v.nullable(v.number()),
  name: v.string(),
  remark: v.string(),
  lost_color: v.string(),
  check_health: v.boolean(),
  health_check_ip: v.string(),
  health_check_port: v.nullable(v.number()),
  period_type: v.picklist(['current', 'selected']),
  period_begin: v.nullable(v.string()),
  period_end: v.nullable(v.string()),
  energy_format: v.picklist(ENERGY_FORMATS),
  energy_type: v.picklist(ENERGY_TYPES),
  reactive_energy: v.boolean(),
  show_lost: v.boolean(),
  show_lost_in_percentage: v.boolean(),
  round_val: v.string(),
  allowed_imbalance: v.number(),
  children: v.optional(v.array(representTreeRow)),
})
export type Represent = v.InferOutput<typeof represent>

const halfValue = v.object({ time: v.string(), value: v.nullable(v.number()) })

const representPoint = v.object({
  represent_point_id: v.number(),
  point_id: v.number(),
  order_num: v.number(),
  sign: v.picklist([1, -1, 0]),
  color: v.string(),
  selected: v.boolean(),
  name: v.string(),
  point_number: v.string(),
  address: v.string(),
  customer_name: v.string(),
  customer_number: v.string(),
  counter: v.nullable(v.string()),
  counter_id: v.nullable(v.number()),
  is_active: v.boolean(),
  point_represents_number: v.number(),
  halfs: v.array(halfValue),
})
export type RepresentPoint = v.InferOutput<typeof representPoint>
export const representPoints = v.array(representPoint)

const availablePoint = v.object({ point_id: v.number(), name: v.string(), point_number: v.string(), address: v.string() })
export const availablePoints = v.array(availablePoint)

/* Inputs. */

export const representCreate = formObject({
  name: requiredText(NAME_MAX),
  remark: optionalText(),
  parent_id: v.optional(v.nullable(idValue()), null),
})
export type RepresentCreate = v.InferInput<typeof representCreate>

const port = () =>
  v.optional(
    v.nullable(
      v.union(
        [
          intValue(1, 65535),
          v.pipe(
            v.literal(''),
            v.transform(() => null),
          ),
        ],
        T.outOfRange(1, 65535),
      ),
    ),
    null,
  )
const host = () =>
  v.optional(v.pipe(v.string(T.invalidValue), v.trim(), v.maxLength(255, T.tooLong(255)), v.regex(/^[A-Za-z0-9.:\-[\]]*$/, T.invalidValue)), '')

/** PUT: the fields of the spec plus the display settings; absent settings keep their stored values. */
export const representUpdate = v.pipe(
  formObject({
    represent_id: v.optional(idValue()),
    name: requiredText(NAME_MAX),
    remark: optionalText(),
    lost_color: v.optional(color()),
    check_health: v.optional(boolValue()),
    health_check_ip: host(),
    health_check_port: port(),
    period_type: v.optional(periodType()),
    period_begin: nullableDate(),
    period_end: nullableDate(),
    energy_format: v.optional(energyFormat()),
    energy_type: v.optional(energyType()),
    reactive_energy: v.optional(boolValue()),
    show_lost: v.optional(boolValue()),
    show_lost_in_percentage: v.optional(boolValue()),
    round_val: v.optional(roundVal()),
    allowed_imbalance: v.optional(numberValue(0, 100)),
  }),
  v.forward(
    v.check((input) => !input.check_health || (input.health_check_ip !== '' && input.health_check_port !== null), T.healthPortRequired),
    ['health_check_ip'],
  ),
  v.forward(
    v.check((input) => !input.period_begin || !input.period_end || input.period_end >= input.period_begin, T.periodEndBeforeBegin),
    ['period_end'],
  ),
)
export type RepresentUpdate = v.InferInput<typeof representUpdate>

export const pointIdQuery = v.object({ point_id: idValue() })
export const representPointQuery = v.object({ represent_point_id: idValue() })
export const pointColorBody = formObject({ color: color() })
export const pointOrderBody = formObject({ order_num: intValue(0, 1_000_000) })
/** Whether the object's chart and table include the point. */
export const pointSelectedBody = formObject({ selected: boolValue() })
export const pointSignAnswer = v.object({ sign: v.picklist([1, -1, 0]) })
export const halfsQuery = v.object({ halfs_num: v.optional(v.pipe(v.unknown(), v.transform(normalizeHalfsNum)), HALFS_NUM_DEFAULT) })

/** A comma-separated list of point ids ("1,2,3"); empty means every point of the object. */
const pointIdList = () =>
  v.optional(
    v.pipe(
      v.string(T.invalidValue),
      v.regex(/^\s*(\d{1,10}\s*(,\s*\d{1,10}\s*)*)?$/, T.invalidValue),
      v.transform((s) =>
        s
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean)
          .map(Number),
      ),
      v.check((ids) => ids.every((id) => v.is(idValue(), id)), T.invalidValue),
    ),
    '',
  )

/** An interval in minutes, read as an integer is ("0x1E" or "3e1" is no 30). */
const intervalValue = () =>
  v.pipe(
    intValue(1, 525600, T.oneOf(PROFILE_INTERVALS)),
    v.check((n) => (PROFILE_INTERVALS as readonly number[]).includes(n), T.oneOf(PROFILE_INTERVALS)),
    v.transform((n) => n as ProfileInterval),
  )

const periodEntries = { beginDate: dateText(), endDate: dateText() }
type Period = { beginDate: string; endDate: string }
/** The rule of every period query: its end is not before its begin, the error standing at the end. */
const periodInOrder = <TQuery extends Period>() =>
  v.forward<TQuery, v.CheckIssue<TQuery>, ['endDate']>(
    v.check((q) => q.endDate >= q.beginDate, T.periodEndBeforeBegin),
    // Every TQuery has endDate, but valibot checks a path only against a concrete input type.
    ['endDate'] as never,
  )

/** The balance query (points_profile_data and its CSV). */
export const profileQuery = v.pipe(
  formObject({
    ...periodEntries,
    interval: v.optional(intervalValue(), PROFILE_INTERVAL_DEFAULT),
    reactive_energy: v.optional(boolValue(), false),
    energy_type: v.optional(energyType(), 'straight'),
    energy_format: v.optional(energyFormat(), 'kvch'),
    showLost: v.optional(boolValue(), true),
    showLostInPercentage: v.optional(boolValue(), false),
    points: pointIdList(),
    roundVal: v.optional(roundVal(), ROUND_VAL_DEFAULT),
  }),
  periodInOrder(),
)
export type ProfileQuery = v.InferOutput<typeof profileQuery>
export type ProfileQueryInput = v.InferInput<typeof profileQuery>

/** Readings at a time of day (points_counters_values and its CSV). */
export const counterValuesQuery = v.pipe(
  formObject({
    ...periodEntries,
    minutes_from_day_begin: v.optional(
      v.pipe(
        intValue(0, 1410),
        v.check((n) => n % 30 === 0, T.invalidValue),
      ),
      0,
    ),
    roundVal: v.optional(roundVal(), ROUND_VAL_DEFAULT),
  }),
  periodInOrder(),
)
export type CounterValuesQuery = v.InferOutput<typeof counterValuesQuery>
export type CounterValuesQueryInput = v.InferInput<typeof counterValuesQuery>

/* Answers of the balance calls. */

/** A column: the date, one per point (with its sign), the sum, the losses. */
const balanceHeader = v.object({
  key: v.string(),
  title: v.string(),
  point_id: v.optional(v.number()),
  sign: v.optional(v.number()),
  unit: v.optional(v.string()),
})
export type BalanceHeader = v.InferOutput<typeof balanceHeader>

/**
 * A row: `time` is the interval start (ISO), `values` the cells by header key (null when nothing was measured),
 * `missing` the keys whose cell lacks some half-hours (shown as incomplete, never as a silent zero).
 */
const balanceItem = v.object({
  time: v.string(),
  values: v.record(v.string(), v.nullable(v.number())),
  missing: v.array(v.string()),
  /** Keys whose cell is out of bounds: the imbalance beyond the object's allowed one. */
  flagged: v.optional(v.array(v.string())),
})
export type BalanceItem = v.InferOutput<typeof balanceItem>

/**
 * The object's balance over the period in energy (whatever the display format): received (points with +), sent
 * (points with -), the imbalance between them in units and in percent of the received, the allowed percent, and
 * the verdicts. It counts the buckets where every signed point was measured throughout; `partial` says some were
 * left out (a gap in what goes out would otherwise pass for losses).
 */
const balanceSummary = v.object({
  incoming: v.nullable(v.number()),
  outgoing: v.nullable(v.number()),
  imbalance: v.nullable(v.number()),
  imbalance_percent: v.nullable(v.number()),
  allowed_percent: v.number(),
  unit: v.string(),
  exceeded: v.boolean(),
  no_incoming: v.boolean(),
  no_outgoing: v.boolean(),
  partial: v.boolean(),
})
export type BalanceSummary = v.InferOutput<typeof balanceSummary>

export const profileData = v.object({
  headers: v.array(balanceHeader),
  items: v.array(balanceItem),
  /** The period's totals per column, in energy; absent when the columns are average power. */
  total: v.optional(balanceItem),
  summary: balanceSummary,
  points_colors: v.record(v.string(), v.string()),
  lost_color: v.string(),
})
export type ProfileData = v.InferOutput<typeof profileData>

export const counterValues = v.object({ headers: v.array(balanceHeader), items: v.array(balanceItem) })
export type CounterValues = v.InferOutput<typeof counterValues>

export const healthMap = v.record(v.string(), v.boolean())
