import { sql } from 'drizzle-orm'
import { CHANNEL, DEFAULT_TIME_ZONE } from '../../shared/metering'
import type { Executor } from '../db/client'
import type { MeterProtocol } from './meter-values'

/** The data source whose meters send their data through a LoRaWAN network server instead of being polled. */
export const LORAWAN_SOURCE = 'lorawandb'
/** What the context calls the driver of such an installation. */
export const LORAWAN_DRIVER = 'lorawan'

const PROTOCOLS: readonly MeterProtocol[] = ['mercury230', 'mercury206']
/** A driver the collector speaks the meter's protocol of. */
export const isPollingDriver = (driver: string): driver is MeterProtocol => (PROTOCOLS as readonly string[]).includes(driver)
/** Whether a poll can read anything of such a meter: its protocol, or the uplinks LoRaWAN stored for it. */
export const isPolledDriver = (driver: string) => driver === LORAWAN_DRIVER || isPollingDriver(driver)

/** What the collector reads for a parameter group (task_groups.kind); each is read on its own in a poll. */
export type GroupKind = 'registers' | 'instant' | 'profile'
const GROUP_KINDS: readonly GroupKind[] = ['registers', 'instant', 'profile']

/** Everything a poll of one meter needs, read in one query before the meter is opened. */
export interface MeterContext {
  counterId: number
  serial: string
  /** counter_model_apis.driver: mercury230, mercury206, lorawan ... */
  driver: string
  connParams: Record<string, string> | null
  /** Channels (1 A+ .. 4 R-) to store per group kind; a kind absent here is not read. */
  reads: Partial<Record<GroupKind, number[]>>
  /** Switch the load relay on or off before reading (Mercury 206 power switching). */
  relay?: boolean
  /** Asked for by a person («Обновить», power switching): goes ahead of the scheduled polls waiting for the converter. */
  onDemand?: boolean
  /** Ends the wait for the converter: the service is stopping (converter-turns.ts). */
  stopWaiting?: AbortSignal
  /** The zone the meter keeps its clock and profile in: its own, else the account's. */
  timeZone: string
  /** The account's zone: the days its readings are rolled up and validated in, as its balances and reports count them. */
  accountTimeZone: string
  /** The task lets the poll correct the meter's clock. */
  clockCorrection?: boolean
}

/** Energy codes and the power-profile codes of the same channels (P+ is the A+ profile, Q+ the R+ one). */
const CODE_CHANNEL: Record<string, number> = {
  'A+': CHANNEL.A_PLUS,
  'A-': CHANNEL.A_MINUS,
  'R+': CHANNEL.R_PLUS,
  'R-': CHANNEL.R_MINUS,
  'P+': CHANNEL.A_PLUS,
  'P-': CHANNEL.A_MINUS,
  'Q+': CHANNEL.R_PLUS,
  'Q-': CHANNEL.R_MINUS,
}
export const ALL_CHANNELS = [CHANNEL.A_PLUS, CHANNEL.A_MINUS, CHANNEL.R_PLUS, CHANNEL.R_MINUS]

/** A parameter code names its channel by its first two characters (A+, P+, R-30 ...). */
export function channelOfCode(code: string): number | undefined {
  return CODE_CHANNEL[code.slice(0, 2).toUpperCase()]
}

type Row = {
  counter_id: number
  serial_num: string
  driver: string
  conn_params: Record<string, string> | null
  kind: string | null
  codes: string[] | null
  model_parameters: number
  time_zone: string
  account_time_zone: string
}

/**
 * Reads the meter, its installation and, per group kind of the given groups, the channels of the parameters
 * selected for it. A group whose model has no parameters in it reads every channel its kind can give.
 */
export async function loadMeterContext(db: Executor, counterId: number, taskGroupIds: number[] | 'all'): Promise<MeterContext | undefined> {
  const groupFilter = taskGroupIds === 'all' ? sql`true` : sql`g.task_group_id = any(${`{${taskGroupIds.join(',')}}`}::int[])`
  const result = await db.execute(sql`
    select c.counter_id, c.serial_num,
      coalesce(c.time_zone, a.time_zone, ${DEFAULT_TIME_ZONE}) as time_zone, coalesce(a.time_zone, ${DEFAULT_TIME_ZONE}) as account_time_zone,
      case when ds.name = ${LORAWAN_SOURCE} then ${LORAWAN_DRIVER} else api.driver end as driver, pc.conn_params, g.kind,
      (select array_agg(dp.code) from model_parameters mp join data_parameters dp on dp.parameter_id = mp.parameter_id
        left join counter_parameter_selections s on s.counter_id = c.counter_id and s.parameter_id = dp.parameter_id
        where mp.model_id = c.model_id and dp.task_group_id = g.task_group_id and coalesce(s.is_selected, true)) as codes,
      (select count(*)::int from model_parameters mp join data_parameters dp on dp.parameter_id = mp.parameter_id
        where mp.model_id = c.model_id and dp.task_group_id = g.task_group_id) as model_parameters
    from counters c
    join counter_models m on m.model_id = c.model_id
    join counter_model_apis api on api.counter_model_api_id = m.counter_model_api_id
    left join point_counters pc on pc.counter_id = c.counter_id and pc.removed_at is null
    left join data_sources ds on ds.source_id = pc.source_id
    left join task_groups g on ${groupFilter}
    left join lateral (select time_zone from accounts order by account_id limit 1) a on true
    where c.counter_id = ${counterId}`)
  const rows = result.rows as Row[]
  const first = rows[0]
  if (!first) return undefined
  const reads: MeterContext['reads'] = {}
  for (const row of rows) {
    const kind = GROUP_KINDS.find((k) => k === row.kind)
    if (!kind) continue
    const selected = row.model_parameters === 0 ? ALL_CHANNELS : (row.codes ?? []).map(channelOfCode).filter((c): c is number => c !== undefined)
    // An instant group stores phase values whatever its codes say, as long as something of it is selected.
    if (kind === 'instant' ? row.model_parameters === 0 || (row.codes ?? []).length > 0 : selected.length > 0) {
      reads[kind] = [...new Set([...(reads[kind] ?? []), ...selected])]
    }
  }
  return {
    counterId: first.counter_id,
    serial: first.serial_num,
    driver: first.driver,
    connParams: first.conn_params,
    reads,
    timeZone: first.time_zone,
    accountTimeZone: first.account_time_zone,
  }
}
