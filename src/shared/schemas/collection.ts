import * as v from 'valibot'
import {
  CURRENT_DATA_STATUSES,
  MONITORING_INTERACTIONS_DEFAULT,
  MONITORING_INTERACTIONS_MAX,
  MONITORING_STATUSES,
  PROFILE_INTERVALS,
  TASK_INTERVALS,
  TASK_STATES,
  TASK_VALUE_MAX_DIGITS,
} from '../constants'
import { T } from '../texts'
import {
  boolValue,
  dateTimeText,
  formObject,
  idFilter,
  idValue,
  intValue,
  isoTime,
  isoTimeOrNull,
  listQueryWith,
  meterPointEntries,
  monthText,
  numberValue,
  pageOnlyListQueryEntries,
  paged,
  representRefs,
} from './common'

/* Data collection: collecting servers, counter tasks, logs, monitoring, meter data views (metering.md). */

const collectingServer = v.object({
  data_collecting_server_id: v.number(),
  name: v.string(),
  remark: v.string(),
  last_seen_at: isoTimeOrNull(),
})
export const collectingServerList = paged(collectingServer)

export type TaskInterval = (typeof TASK_INTERVALS)[number]
export type TaskState = (typeof TASK_STATES)[number]
export type MonitoringStatus = (typeof MONITORING_STATUSES)[number]

export const counterTask = v.object({
  counter_task_id: v.number(),
  counter_id: v.number(),
  counter_num: v.string(),
  counter_model: v.string(),
  ...meterPointEntries,
  address: v.nullable(v.string()),
  represents: representRefs(),
  state: v.picklist(TASK_STATES),
  interval: v.picklist(TASK_INTERVALS),
  value: v.string(),
  enabled: v.boolean(),
  /** The parameters the task collects: those of its groups selected for the meter. */
  counter_parameters: v.array(v.number()),
  /** Comma-joined group ids, as the spec names it; `task_groups` holds the same as numbers. */
  task_group: v.string(),
  task_groups: v.array(v.number()),
  data_collecting_server_id: v.number(),
  next_run_at: isoTimeOrNull(),
  last_interaction_date: isoTimeOrNull(),
  last_values: v.nullable(v.object({ success: v.boolean(), date: isoTime() })),
  consecutive_failures: v.number(),
  last_error: v.string(),
  /** The poll may correct the meter's clock when it drifts (docs/collector-protocols.md); off by default. */
  clock_correction: v.boolean(),
})
export type CounterTask = v.InferOutput<typeof counterTask>
export const counterTaskList = paged(counterTask)

/** Group ids as an array or as the spec's comma-joined text, each read as an id is (not as Number reads "0x1" or "1e0"). */
const taskGroupIds = v.pipe(
  v.union(
    [
      v.array(idValue(), T.groupsRequired),
      v.pipe(
        v.string(T.groupsRequired),
        v.transform((s): unknown[] =>
          s
            .split(',')
            .map((x) => x.trim())
            .filter(Boolean),
        ),
        v.array(idValue(), T.groupsRequired),
      ),
    ],
    T.groupsRequired,
  ),
  v.minLength(1, T.groupsRequired),
  v.maxLength(20, T.tooManyItems(20)),
)

/** Checks `value` against `interval`; the cron expression itself is checked by the server's scheduler. */
const everyValue = new RegExp(`^[1-9]\\d{0,${TASK_VALUE_MAX_DIGITS - 1}}$`)

/** What is wrong with a task's `value` for its `interval`, or null: a once task's is a date and time (a day that exists). */
function taskValueProblem({ interval, value }: { interval: TaskInterval; value: string }): string | null {
  if (interval === 'once') return v.safeParse(dateTimeText(), value).issues?.[0].message ?? null
  if (interval === 'cron') return null
  return everyValue.test(value) ? null : T.taskValueDigits
}

export const taskInput = v.pipe(
  formObject(
    {
      counter_id: idValue(),
      data_collecting_server_id: idValue(),
      interval: v.picklist(TASK_INTERVALS, T.required),
      value: v.pipe(
        v.union([v.string(T.required), v.pipe(v.number(T.required), v.transform(String))], T.required),
        v.trim(),
        v.nonEmpty(T.required),
        v.maxLength(100, T.tooLong(100)),
      ),
      task_group: taskGroupIds,
      /** Absent keeps the task's setting (off for a new task). */
      clock_correction: v.optional(boolValue()),
    },
    T.required,
    { counter_id: T.counterRequired, data_collecting_server_id: T.serverRequired, task_group: T.groupsRequired },
  ),
  v.forward(
    v.check(
      (input) => taskValueProblem(input) === null,
      (issue) => taskValueProblem(issue.input) ?? T.invalidValue,
    ),
    ['value'],
  ),
)
export type TaskInput = v.InferOutput<typeof taskInput>

export const taskListQuery = listQueryWith({
  point_id: idFilter(),
  counter_id: idFilter(),
  order_by: v.optional(v.picklist(['counter_id', '-counter_id'], T.oneOf(['counter_id', '-counter_id']))),
})

const taskLogEntry = v.object({ date: isoTime(), text: v.string() })
const taskLog = v.object({
  task_log_id: v.number(),
  start_date: isoTime(),
  end_date: isoTime(),
  success: v.boolean(),
  /** Succeeded with some read groups left unread (the last entry names them). */
  partial: v.boolean(),
  entries: v.array(taskLogEntry),
})
export type TaskLog = v.InferOutput<typeof taskLog>
export const taskLogList = paged(taskLog)
export const taskLogQuery = v.object({ ...pageOnlyListQueryEntries, task_id: idValue() })

/** `mts`: the statuses to show, comma-joined; absent means all three. */
export const monitoringQuery = v.object({
  interactions_num: v.optional(intValue(1, MONITORING_INTERACTIONS_MAX), MONITORING_INTERACTIONS_DEFAULT),
  mts: v.optional(
    v.pipe(
      v.string(),
      v.transform((s) =>
        s
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
      ),
      v.check((list) => list.every((x) => (MONITORING_STATUSES as readonly string[]).includes(x)), T.oneOf(MONITORING_STATUSES)),
      v.transform((list) => list as MonitoringStatus[]),
    ),
  ),
})

const monitoringTask = v.object({
  ...counterTask.entries,
  status: v.picklist(MONITORING_STATUSES),
  last_tasks: v.array(v.object({ task_log_id: v.number(), start_date: v.string(), success: v.boolean(), partial: v.boolean(), text: v.string() })),
})
export type MonitoringTask = v.InferOutput<typeof monitoringTask>
export const monitoringList = v.array(monitoringTask)

/* Meter data views. */

export const parameterValue = v.object({ parameter_name: v.string(), value: v.nullable(v.number()), measurement: v.string() })
export type ParameterValue = v.InferOutput<typeof parameterValue>

export const currentDataTask = v.object({
  request_id: v.number(),
  status: v.picklist(CURRENT_DATA_STATUSES),
  details: v.string(),
  created_at: isoTime(),
  finished_at: isoTimeOrNull(),
})
export type CurrentDataTask = v.InferOutput<typeof currentDataTask>

const phaseRow = v.object({
  name: v.string(),
  v1: v.nullable(v.number()),
  v2: v.nullable(v.number()),
  v3: v.nullable(v.number()),
  v4: v.nullable(v.number()),
  measure: v.string(),
})
export type PhaseRow = v.InferOutput<typeof phaseRow>
export const phaseData = v.object({ values: v.array(phaseRow), values_date: v.nullable(v.string()) })
export type PhaseData = v.InferOutput<typeof phaseData>

export const currentData = v.object({
  /** The meter model's key: power switching is offered for mercury_206 only. */
  external_model: v.string(),
  /** Whether the collector has a driver for the meter: «Обновить» is offered only then. */
  polled: v.boolean(),
  data: v.array(parameterValue),
  values_date: v.nullable(v.string()),
  phase: phaseData,
  task: v.nullable(currentDataTask),
})
export type CurrentData = v.InferOutput<typeof currentData>
export const currentDataQuery = v.object({ refresh: v.optional(boolValue(), false) })

export const relayInput = formObject({ on: boolValue() })

const consumptionRow = v.object({
  consumption_date: v.string(),
  counter_serial_num: v.string(),
  counter_value: v.nullable(v.number()),
  consumption: v.nullable(v.number()),
  /** The register's advance over the day disagrees with the day's half-hours. */
  reading_mismatch: v.boolean(),
  /** Ктт × Ктн of the day's installation: consumption is the meter's energy times it, readings are the meter's own. */
  ratio: v.number(),
})
export type ConsumptionRow = v.InferOutput<typeof consumptionRow>
export const consumptionByDate = v.array(consumptionRow)
export const consumptionQuery = v.object({
  month: monthText(),
})

export const profileDataQuery = v.object({
  point_id: idValue(),
  parameter_id: idValue(),
  interval: v.optional(
    v.pipe(
      intValue(1, 525600),
      v.check((n) => (PROFILE_INTERVALS as readonly number[]).includes(n), T.oneOf(PROFILE_INTERVALS)),
    ),
    30,
  ),
  beg_date: v.optional(dateTimeText()),
  end_date: v.optional(dateTimeText()),
})
export const profileData = v.object({
  parameter_name: v.string(),
  measurement: v.string(),
  interval: v.number(),
  items: v.array(v.object({ date: v.string(), value: v.nullable(v.number()), status: v.number() })),
})
export type ProfileData = v.InferOutput<typeof profileData>

export const pointQuery = v.object({ point_id: idValue() })
export const counterQuery = v.object({ counter_id: idValue() })
export const parameterSelection = formObject({ counter_id: idValue(), parameter_id: idValue() })

const accumulatedRow = v.object({
  counter_id: v.number(),
  counter_serial_num: v.string(),
  parameter_name: v.string(),
  measurement: v.string(),
  day_start: v.nullable(v.number()),
  day_start_date: isoTimeOrNull(),
  half_past: v.nullable(v.number()),
  half_past_date: isoTimeOrNull(),
})
export type AccumulatedRow = v.InferOutput<typeof accumulatedRow>
export const accumulatedData = v.object({ date: v.string(), results: v.array(accumulatedRow) })

const parameterToCollect = v.object({
  parameter_id: v.number(),
  parameter_name: v.string(),
  parameter_group: v.string(),
  task_group_id: v.nullable(v.number()),
  measurement: v.string(),
  is_selected: v.boolean(),
})
export type ParameterToCollect = v.InferOutput<typeof parameterToCollect>
export const parametersToCollect = v.array(parameterToCollect)

const availableParam = v.object({ parameter_id: v.number(), name: v.string(), measurement: v.string() })
export const availableParams = v.array(availableParam)

/** An energy register's reading: never negative, and finite (JSON reads 1e400 as Infinity). */
const registerValue = () => numberValue(0, 1e12)

/** A decoded LoRaWAN uplink: readings by parameter code (A+, A-, R+, R-), optional tariff registers 1..4. */
export const lorawanUplink = formObject({
  net_address: v.pipe(
    v.union([v.string(), v.pipe(v.number(), v.transform(String))], T.required),
    v.trim(),
    v.nonEmpty(T.required),
    v.maxLength(64, T.tooLong(64)),
  ),
  received_at: v.optional(dateTimeText()),
  readings: v.pipe(
    v.record(v.picklist(['A+', 'A-', 'R+', 'R-'], T.oneOf(['A+', 'A-', 'R+', 'R-'])), v.union([registerValue(), v.array(registerValue())], T.mustBeNumber)),
    v.check((r) => Object.keys(r).length > 0, T.required),
  ),
})
