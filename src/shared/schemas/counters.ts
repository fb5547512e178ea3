import * as v from 'valibot'
import {
  dateTimeText,
  formObject,
  idFilter,
  idValue,
  isoTime,
  isoTimeOrNull,
  listQueryWith,
  meterPointEntries,
  numberValue,
  optionalText,
  paged,
  requiredText,
} from './common'
import { T } from '../texts'
import { isTimeZone } from '../meter-clock'
import { connParamIssue } from '../validation/conn-params'

/** A meter as the API answers it (metering.md section 3), with its current or last installation. */
export const counter = v.object({
  counter_id: v.number(),
  serial_num: v.string(),
  model_id: v.number(),
  model: v.object({ name: v.string() }),
  model_name: v.string(),
  counter_model_api: v.number(),
  coeff: v.number(),
  coeff_voltage: v.number(),
  ...meterPointEntries,
  install_date: isoTimeOrNull(),
  is_current: v.boolean(),
  last_install_date: isoTimeOrNull(),
  last_takeoff_date: isoTimeOrNull(),
  remark: v.string(),
  is_active: v.boolean(),
  counter_is_active: v.boolean(),
  version: v.number(),
  /** The zone the meter keeps its clock and profile in; null is the account's zone. Absent in cards stored before it. */
  time_zone: v.optional(v.nullable(v.string())),
})
export type Counter = v.InferOutput<typeof counter>
export const counterList = paged(counter)

const ratio = () => numberValue(0.0001, 1_000_000)
const serialNum = () => requiredText(50)
/** An IANA zone name; empty is null, the account's zone. */
const timeZone = () =>
  v.pipe(
    v.nullable(v.string(T.invalidTimeZone)),
    v.transform((s) => (s ?? '').trim() || null),
    v.check((s) => s === null || (s.length <= 64 && isTimeZone(s)), T.invalidTimeZone),
  )

export const counterCreate = formObject({
  serial_num: serialNum(),
  model_id: idValue(),
  coeff: ratio(),
  coeff_voltage: ratio(),
  remark: optionalText(),
  time_zone: v.optional(timeZone()),
})
export type CounterCreate = v.InferOutput<typeof counterCreate>

/** PATCH: the console sends only serial_num, coeff and coeff_voltage, and only those that changed. */
export const counterUpdate = formObject({
  serial_num: v.optional(serialNum()),
  coeff: v.optional(ratio()),
  coeff_voltage: v.optional(ratio()),
  remark: v.optional(optionalText()),
  time_zone: v.optional(timeZone()),
})
export type CounterUpdate = v.InferOutput<typeof counterUpdate>

/** Keys an object schema passes over (against prototype pollution): named here, or they would vanish without a word. */
const SKIPPED_KEYS = ['__proto__', 'constructor', 'prototype']

/** par_name -> par_value; numbers are kept as the text the driver parses. */
const connParamValues = v.pipe(
  v.unknown(),
  v.rawCheck(({ dataset, addIssue }) => {
    const input = dataset.value
    if (typeof input !== 'object' || input === null) return
    for (const key of SKIPPED_KEYS.filter((name) => Object.hasOwn(input, name))) {
      addIssue({ message: T.unknownConnParam, path: [{ type: 'object', origin: 'value', input: input as Record<string, unknown>, key, value: undefined }] })
    }
  }),
  v.record(
    v.pipe(v.string(), v.regex(/^[a-z][a-z0-9_]{0,49}$/, T.invalidValue)),
    v.pipe(v.union([v.string(), v.number()], T.invalidValue), v.transform(String), v.trim(), v.maxLength(255, T.tooLong(255))),
    T.invalidValue,
  ),
  // Host, port, address, access level and timeouts as the drivers accept them; the server narrows the address per protocol.
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return
    for (const [key, value] of Object.entries(dataset.value)) {
      const message = connParamIssue(key, value)
      if (message) addIssue({ message, path: [{ type: 'object', origin: 'value', input: dataset.value, key, value }] })
    }
  }),
)
export type ConnParamValues = v.InferOutput<typeof connParamValues>

export const connParamsUpdate = formObject({ conn_params: connParamValues })

const installEntries = {
  point_id: idValue(),
  operation_date: dateTimeText(),
  conn_params: v.optional(connParamValues, {}),
}

export const createAndInstall = formObject({ ...counterCreate.entries, ...installEntries })
export type CreateAndInstall = v.InferOutput<typeof createAndInstall>

/** An existing meter: its ratios may be restated for the new installation. */
export const updateAndInstall = formObject({ ...installEntries, coeff: v.optional(ratio()), coeff_voltage: v.optional(ratio()) })
export type UpdateAndInstall = v.InferOutput<typeof updateAndInstall>

export const takeOff = formObject({ operation_date: dateTimeText(), comment: requiredText(1000) })
export type TakeOff = v.InferOutput<typeof takeOff>

export const counterListQuery = listQueryWith({ point_id: idFilter() })
export const availableForInstallQuery = listQueryWith({ model_id: idFilter() })
export const counterOperQuery = listQueryWith({ counter_id: idFilter() })

/** Connection parameters that are write-only (the meter's access password): sealed at rest, never answered. */
export const SECRET_CONN_PARAMS: readonly string[] = ['password']
export const isSecretConnParam = (name: string) => SECRET_CONN_PARAMS.includes(name)

/**
 * A connection parameter of an installation: the model group's parameter with its value. A secret parameter answers
 * an empty value and `is_set` (whether one is stored); other parameters have no `is_set`.
 */
export const connParam = v.object({
  par_name: v.string(),
  description: v.string(),
  par_value: v.string(),
  required: v.boolean(),
  is_set: v.optional(v.boolean()),
})
export type ConnParam = v.InferOutput<typeof connParam>

export const COPER_TYPES = {
  create: 'Создание',
  install: 'Установка',
  take_off: 'Снятие',
  edit: 'Изменение',
  activate: 'Включение опроса',
  deactivate: 'Отключение опроса',
  conn_params: 'Изменение параметров подключения',
} as const
export type CoperType = keyof typeof COPER_TYPES

const counterOperation = v.object({
  counter_oper_id: v.number(),
  counter_id: v.number(),
  counter_serial_num: v.string(),
  operation_date: isoTime(),
  coper_type: v.string(),
  coper_type_name: v.string(),
  comment: v.string(),
  point_id: v.nullable(v.number()),
  point_name: v.nullable(v.string()),
  user_name: v.nullable(v.string()),
})
export type CounterOperation = v.InferOutput<typeof counterOperation>
export const counterOperationList = paged(counterOperation)

export const CONN_SOURCE_PARAM = 'source'
/** Connection sources (metering.md section 9); lorawandb meters only need the net address. */
export const CONN_SOURCES = { TCP: 'TCP', LORAWANDB: 'lorawandb' } as const
const LORAWAN_PARAMS = ['net_address'] as const

/** The parameters a source needs: lorawandb only the net address, TCP (the default) all but the source itself. */
export function visibleConnParams<TParam extends { par_name: string }>(params: readonly TParam[], source: string): TParam[] {
  return source === CONN_SOURCES.LORAWANDB
    ? params.filter((p) => (LORAWAN_PARAMS as readonly string[]).includes(p.par_name))
    : params.filter((p) => p.par_name !== CONN_SOURCE_PARAM)
}
