import { and, eq, sql, type SQL } from 'drizzle-orm'
import { CHANNELS } from '../../shared/metering'
import type {
  AccumulatedRow,
  ConsumptionRow,
  CurrentDataTask,
  ParameterToCollect,
  ParameterValue,
  PhaseData,
  PhaseRow,
  ProfileData,
} from '../../shared/schemas/collection'
import type { Executor } from '../db/client'
import { counterModels, counterParameterSelections, counters, modelParameters } from '../db/schema'
import { iso } from './tasks'
import { registerAdvance } from '../vee/register'
import { READING_SLACK_MINUTES } from '../vee/settings'

/* Read side of the time series for the meter data views (metering.md sections 2, 7). */

const unitOf = (channel: number) => (channel <= 2 ? 'кВт·ч' : 'квар·ч')
const tariffName = (tariff: number) => (tariff === 0 ? 'сумма' : `Т${tariff}`)

type PhaseRecord = {
  phase: number
  voltage: number | null
  current: number | null
  active_power: number | null
  reactive_power: number | null
  apparent_power: number | null
  cos_phi: number | null
  angle: number | null
  frequency: number | null
  read_at: string
}

const PHASE_QUANTITIES: { name: string; key: keyof Omit<PhaseRecord, 'phase' | 'read_at'>; measure: string; total: boolean }[] = [
  { name: 'Напряжение U', key: 'voltage', measure: 'В', total: false },
  { name: 'Ток I', key: 'current', measure: 'А', total: false },
  { name: 'Активная мощность P', key: 'active_power', measure: 'Вт', total: true },
  { name: 'Реактивная мощность Q', key: 'reactive_power', measure: 'вар', total: true },
  { name: 'Полная мощность S', key: 'apparent_power', measure: 'ВА', total: true },
  { name: 'Коэффициент мощности cos φ', key: 'cos_phi', measure: '', total: true },
  { name: 'Угол между фазами', key: 'angle', measure: '°', total: false },
  { name: 'Частота', key: 'frequency', measure: 'Гц', total: true },
]

/** The latest phase values of a meter as rows v1..v3 (phases A, B, C) and v4 (sum or three-phase value). */
export async function phaseData(db: Executor, counterId: number): Promise<PhaseData> {
  const result = await db.execute(sql`
    select phase, voltage, current, active_power, reactive_power, apparent_power, cos_phi, angle, frequency, ${iso('read_at')} as read_at
    from phase_values where counter_id = ${counterId}
      and read_at = (select max(read_at) from phase_values where counter_id = ${counterId})`)
  const records = result.rows as PhaseRecord[]
  if (records.length === 0) return { values: [], values_date: null }
  const of = (phase: number) => records.find((r) => r.phase === phase)
  const values: PhaseRow[] = PHASE_QUANTITIES.map((q) => ({
    name: q.name,
    v1: of(1)?.[q.key] ?? null,
    v2: of(2)?.[q.key] ?? null,
    v3: of(3)?.[q.key] ?? null,
    v4: q.total ? (of(0)?.[q.key] ?? null) : null,
    measure: q.measure,
  })).filter((row) => row.v1 !== null || row.v2 !== null || row.v3 !== null || row.v4 !== null)
  return { values, values_date: records[0]!.read_at }
}

/** The latest register readings of a meter, one value per channel and tariff. */
export async function latestRegisters(db: Executor, counterId: number): Promise<{ data: ParameterValue[]; values_date: string | null }> {
  const result = await db.execute(sql`
    select channel, tariff, value, ${iso('read_at')} as read_at from register_readings
    where counter_id = ${counterId} and read_at = (select max(read_at) from register_readings where counter_id = ${counterId})
    order by channel, tariff`)
  const rows = result.rows as RegisterRecord[]
  return { data: rows.map(registerValue), values_date: rows[0]?.read_at ?? null }
}

export type RegisterRecord = { channel: keyof typeof CHANNELS; tariff: number; value: number; read_at: string }

/** A register reading as the meter's current data names it: «A+ сумма», «R+ Т2». */
export const registerValue = (r: RegisterRecord): ParameterValue => ({
  parameter_name: `${CHANNELS[r.channel]} ${tariffName(r.tariff)}`,
  value: r.value,
  measurement: unitOf(r.channel),
})

export async function latestRequest(db: Executor, counterId: number): Promise<CurrentDataTask | null> {
  const result = await db.execute(sql`
    select request_id, status, details, ${iso('created_at')} as created_at, ${iso('finished_at')} as finished_at
    from current_data_requests where counter_id = ${counterId} order by request_id desc limit 1`)
  return (result.rows[0] as CurrentDataTask | undefined) ?? null
}

/**
 * Part of a day's energy by which the register's advance may differ from the half-hours: the last reading before
 * midnight may be up to an hour old, and the register shows two decimals.
 */
const READING_TOLERANCE = { share: 0.1, units: 0.02 }

/**
 * A day of the month: the A+ register at the day's end as the meter shows it, and the day's A+ energy times the
 * installation's ratios (`ratio`, Ктт × Ктн, so that a screen can say why the two differ). The energy is the day's
 * half-hours; a day without them (a Mercury 206 or a LoRaWAN meter keeps no profile) takes what the register counted
 * from the day's opening reading to its closing one, when the meter was read again in between. A midnight's reading
 * is the latest taken by a few minutes after it (a schedule at 00:00 reads seconds late), so a day whose end went
 * unread has no figure and the next read day carries it. Days that have not begun by `now` are empty. A reading is
 * flagged when the register's advance over a fully measured day disagrees with that day's half-hours, or when it
 * fell without rolling over (a replaced register, a reset, a wrong constant).
 */
export async function consumptionByDate(db: Executor, pointId: number, month: string, timeZone: string, now: Date = new Date()): Promise<ConsumptionRow[]> {
  const reading = (at: SQL) =>
    sql`(select r.value, r.read_at from register_readings r where r.counter_id = pc.counter_id and r.channel = 1 and r.tariff = 0
        and r.read_at <= ${at} + ${`${READING_SLACK_MINUTES} minutes`}::interval order by r.read_at desc limit 1)`
  const result = await db.execute<ConsumptionRow>(sql`
    with days as (
      select d::date as day,
             (d::timestamp at time zone ${timeZone}) as day_start,
             ((d + interval '1 day')::timestamp at time zone ${timeZone}) as day_end
      from generate_series(${`${month}-01`}::date, (${`${month}-01`}::date + interval '1 month' - interval '1 day'), interval '1 day') d),
    meter_days as (
      select days.day, days.day_end - days.day_start as length, pc.installed_at, c.serial_num, pc.coeff * pc.coeff_voltage as k,
        days.day_start <= ${now.toISOString()}::timestamptz as begun, closing.value as closing,
        ${registerAdvance(sql`pc.counter_id`, sql`opening.value`, sql`closing.value`)} as advance, closing.read_at > opening.read_at as read_again,
        dv.value as energy, dv.valid_intervals as valid
      from days
      join point_counters pc on pc.point_id = ${pointId} and pc.installed_at < days.day_end and (pc.removed_at is null or pc.removed_at > days.day_start)
      join counters c on c.counter_id = pc.counter_id
      left join lateral ${reading(sql`days.day_start`)} opening on true
      left join lateral ${reading(sql`days.day_end`)} closing on true
      left join daily_values dv on dv.counter_id = pc.counter_id and dv.channel = 1 and dv.day = days.day)
    select to_char(day, 'YYYY-MM-DD') as consumption_date, serial_num as counter_serial_num,
      case when begun then closing end as counter_value,
      case when begun then coalesce(energy, case when read_again and advance >= 0 then advance end) * k end as consumption, k::float8 as ratio,
      coalesce(begun and (valid = extract(epoch from length) / 1800 and abs(advance - energy) > ${READING_TOLERANCE.share} * energy + ${READING_TOLERANCE.units}
        or energy is null and read_again and advance < 0), false) as reading_mismatch
    from meter_days
    order by day, installed_at`)
  return result.rows
}

/** Buckets of `interval` minutes in the account's zone: half-hours and hours binned, days, months and years truncated. */
function bucketOf(interval: number, timeZone: string) {
  const local = sql`(v.interval_start at time zone ${timeZone})`
  const unit = interval === 1440 ? 'day' : interval === 43200 ? 'month' : interval === 525600 ? 'year' : null
  const bucket = unit ? sql`date_trunc(${unit}, ${local})` : sql`date_bin(${`${interval} minutes`}::interval, ${local}, timestamp '2000-01-01')`
  return sql`(${bucket} at time zone ${timeZone})`
}

/** The default span of each interval: a day of half-hours or hours, a month of days, a year of months, five years. */
export function defaultProfileSpan(interval: number, now: Date): { from: Date; to: Date } {
  const days = interval <= 60 ? 1 : interval === 1440 ? 31 : interval === 43200 ? 366 : 5 * 366
  return { from: new Date(now.getTime() - days * 86_400_000), to: now }
}

/**
 * A bucket's status is its least trustworthy half-hour's (docs/vee.md): missing, then suspect, incomplete (the meter
 * lost power or had its clock set during it: a part of a half-hour, waiting for a look like a suspect one),
 * estimated, edited; valid only when all are. The codes are not ordered by trust, so max() would call a bucket with a
 * missing half-hour estimated.
 */
const bucketStatus = sql.raw(`case when bool_or(v.status = 1) then 1 when bool_or(v.status = 3) then 3 when bool_or(v.status = 5) then 5
      when bool_or(v.status = 2) then 2 when bool_or(v.status = 4) then 4 else 0 end`)

/** A point's profile of one parameter's channel, summed per bucket, with each installation's ratios. */
export async function profileData(db: Executor, pointId: number, channel: number, interval: number, from: Date, to: Date, timeZone: string) {
  const bucket = bucketOf(interval, timeZone)
  const result = await db.execute(sql`
    select ${iso(sql`${bucket}`)} as date, sum(v.value * pc.coeff * pc.coeff_voltage) as value,
      ${bucketStatus} as status
    from interval_values v
    join point_counters pc on pc.counter_id = v.counter_id and pc.point_id = ${pointId}
      and v.interval_start >= pc.installed_at and (pc.removed_at is null or v.interval_start < pc.removed_at)
    where v.channel = ${channel} and v.interval_start >= ${from.toISOString()}::timestamptz and v.interval_start < ${to.toISOString()}::timestamptz
    group by 1 order by 1`)
  return result.rows as ProfileData['items']
}

/** Accumulated readings of the point's meters at the start of `day` and at 0:30: the latest reading at or before each moment. */
export async function accumulatedData(db: Executor, pointId: number, day: string, timeZone: string): Promise<AccumulatedRow[]> {
  const result = await db.execute(sql`
    with moments as (select (${day}::date::timestamp at time zone ${timeZone}) as start_at),
    meters as (
      select distinct pc.counter_id, c.serial_num from point_counters pc join counters c on c.counter_id = pc.counter_id, moments m
      where pc.point_id = ${pointId} and pc.installed_at <= m.start_at + interval '30 minutes' and (pc.removed_at is null or pc.removed_at > m.start_at)),
    channels as (select distinct r.counter_id, r.channel from register_readings r join meters using (counter_id) where r.tariff = 0)
    select ch.counter_id, mt.serial_num as counter_serial_num, ch.channel,
      s.value as day_start, ${iso('s.read_at')} as day_start_date, h.value as half_past, ${iso('h.read_at')} as half_past_date
    from channels ch join meters mt using (counter_id), moments m
    left join lateral (select r.value, r.read_at from register_readings r where r.counter_id = ch.counter_id and r.channel = ch.channel and r.tariff = 0
      and r.read_at <= m.start_at order by r.read_at desc limit 1) s on true
    left join lateral (select r.value, r.read_at from register_readings r where r.counter_id = ch.counter_id and r.channel = ch.channel and r.tariff = 0
      and r.read_at <= m.start_at + interval '30 minutes' order by r.read_at desc limit 1) h on true
    order by ch.counter_id, ch.channel`)
  return (result.rows as (Omit<AccumulatedRow, 'parameter_name' | 'measurement'> & { channel: keyof typeof CHANNELS })[]).map(({ channel, ...row }) => ({
    ...row,
    parameter_name: CHANNELS[channel],
    measurement: unitOf(channel),
  }))
}

/** The meter model's parameters with the group each belongs to and whether this meter collects it. */
export async function parametersOfCounter(db: Executor, counterId: number): Promise<ParameterToCollect[]> {
  const result = await db.execute(sql`
    select dp.parameter_id, dp.name as parameter_name, coalesce(g.name, '') as parameter_group, dp.task_group_id, dp.measurement,
      coalesce(s.is_selected, true) as is_selected
    from counters c
    join model_parameters mp on mp.model_id = c.model_id
    join data_parameters dp on dp.parameter_id = mp.parameter_id
    left join task_groups g on g.task_group_id = dp.task_group_id
    left join counter_parameter_selections s on s.counter_id = c.counter_id and s.parameter_id = dp.parameter_id
    where c.counter_id = ${counterId}
    order by g.name nulls last, dp.name`)
  return result.rows as ParameterToCollect[]
}

/**
 * Parameters of the point's meters (any installation) that have interval values to chart, by name, the active energy
 * received (codes A+ and P+) first: the profile tab opens on the first, and that one every point has (A-, first by
 * name, is empty on most).
 */
export async function availableParams(db: Executor, pointId: number) {
  const result = await db.execute(sql`
    select distinct dp.parameter_id, dp.name, dp.measurement, dp.code
    from point_counters pc
    join counters c on c.counter_id = pc.counter_id
    join model_parameters mp on mp.model_id = c.model_id
    join data_parameters dp on dp.parameter_id = mp.parameter_id
    where pc.point_id = ${pointId}
    order by dp.name`)
  const rows = result.rows as { parameter_id: number; name: string; measurement: string; code: string }[]
  const received = (code: string) => ['A+', 'P+'].includes(code.slice(0, 2).toUpperCase())
  return rows.sort((a, b) => Number(received(b.code)) - Number(received(a.code)))
}

/** A meter with its model, as the data views need it; undefined for an unknown meter. */
export async function meterModelOf(db: Executor, counterId: number) {
  const [row] = await db
    .select({ counter_id: counters.counter_id, model_id: counters.model_id, external_model: counterModels.external_model })
    .from(counters)
    .innerJoin(counterModels, eq(counterModels.model_id, counters.model_id))
    .where(eq(counters.counter_id, counterId))
  return row
}

/** Whether the meter model has this parameter to collect. */
export async function modelHasParameter(db: Executor, modelId: number, parameterId: number): Promise<boolean> {
  const [row] = await db
    .select()
    .from(modelParameters)
    .where(and(eq(modelParameters.model_id, modelId), eq(modelParameters.parameter_id, parameterId)))
  return row !== undefined
}

/** Whether a parameter of the meter is collected. */
export async function setParameterSelection(db: Executor, counterId: number, parameterId: number, selected: boolean): Promise<void> {
  await db
    .insert(counterParameterSelections)
    .values({ counter_id: counterId, parameter_id: parameterId, is_selected: selected })
    .onConflictDoUpdate({ target: [counterParameterSelections.counter_id, counterParameterSelections.parameter_id], set: { is_selected: selected } })
}
