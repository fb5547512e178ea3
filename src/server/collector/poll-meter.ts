import { sql } from 'drizzle-orm'
import { CHANNEL, DEFAULT_TIME_ZONE, INTERVAL_STATUS } from '../../shared/metering'
import { isSecretConnParam } from '../../shared/schemas/counters'
import { T } from '../../shared/texts'
import type { Executor } from '../db/client'
import type { SecretBox } from '../lib/secret-box'
import { runVee } from '../vee/run'
import { storeIntervals, storePhaseValues, storeRegisterReadings, type IntervalRow, type PhaseRow, type RegisterRow } from '../repositories/readings'
import { converterOf, inTurn, TurnCancelled } from './converter-turns'
import { createMeterDriver } from './drivers/create-meter-driver'
import { parseConnectionParams } from './drivers/connection-settings'
import type { MeterDriver } from './drivers/meter-driver'
import { profileConstant, storeMeterConstants, type MeterConstantReading } from './meter-constant'
import type { EnergyChannels, EnergyRegisters, InstantValues, ProfileRecord } from './meter-values'
import { HALF_HOUR_MS } from './moscow-time'
import { MeterConfigError, MeterConstantUnknownError, MeterError, MeterProfileAddressError, MeterStatusError } from './protocol/errors'
import { isPollingDriver, LORAWAN_DRIVER, type GroupKind, type MeterContext } from './task-context'
import { formatMoment } from './log-format'
import { driftAfter, lastClockCorrection, pollMeterClock, storeMeterClocks, type ClockOutcome } from './meter-clock'
import { clockDriftExceeded } from '../../shared/meter-clock'

/** The first poll of a meter reads this much of its profile; later polls continue from the last stored interval. */
const FIRST_PROFILE_MS = 24 * 3_600_000
/**
 * After an outage the gap is read back from the meter's memory, at most this far back: within the 85 days a Mercury 230
 * ring holds of half-hours. Each poll reads what its deadline allows, oldest first, and the next goes on from there.
 */
const BACKFILL_MAX_MS = 60 * 24 * 3_600_000

/** A lorawandb meter silent for longer than this fails its task. */
const LORAWAN_SILENCE_MS = 24 * 3_600_000

const CHANNEL_KEYS: Record<number, keyof EnergyChannels> = {
  [CHANNEL.A_PLUS]: 'aPlus',
  [CHANNEL.A_MINUS]: 'aMinus',
  [CHANNEL.R_PLUS]: 'rPlus',
  [CHANNEL.R_MINUS]: 'rMinus',
}
const TARIFFS = [0, 1, 2, 3, 4] as const

interface LogLine {
  date: Date
  text: string
}

/** What one poll produced; nothing is stored until the whole poll is over. */
export interface PollResult {
  ok: boolean
  /** A failure that asking again cannot cure (bad connection parameters, unknown driver): the task stops. */
  fatal: boolean
  lines: LogLine[]
  registers: RegisterRow[]
  phases: PhaseRow[]
  intervals: IntervalRow[]
  clock?: ClockOutcome
  /** The constant A the profile read learnt, for the meter's card; absent when no profile was read. */
  meterConstant?: MeterConstantReading
  /** The account's zone, whose days the readings are rolled up and validated in; Moscow when the meter was not found. */
  timeZone?: string
  /** The read groups the meter refused or left unanswered while others were read: a poll that succeeded in part. */
  unread?: GroupKind[]
}

async function profileStart(db: Executor, counterId: number, channels: number[], now: Date): Promise<Date> {
  const result = await db.execute(sql`
    select max(interval_start + make_interval(mins => minutes)) as last from interval_values
    where counter_id = ${counterId} and channel = any(${`{${channels.join(',')}}`}::smallint[])
      and interval_start > ${new Date(now.getTime() - BACKFILL_MAX_MS).toISOString()}::timestamptz`)
  const last = (result.rows[0] as { last: Date | null } | undefined)?.last
  return last ? new Date(last) : new Date(Math.floor((now.getTime() - FIRST_PROFILE_MS) / HALF_HOUR_MS) * HALF_HOUR_MS)
}

function registerRows(counterId: number, tariff: number, energy: EnergyRegisters, channels: number[], at: Date): RegisterRow[] {
  return channels.flatMap((channel) => {
    const value = energy[CHANNEL_KEYS[channel]!]
    return value === null ? [] : [{ counter_id: counterId, channel, tariff, read_at: at, value }]
  })
}

function phaseRows(counterId: number, values: InstantValues, at: Date): PhaseRow[] {
  const phases = [values.phases.a, values.phases.b, values.phases.c]
  const rows: PhaseRow[] = phases.map((p, index) => ({
    counter_id: counterId,
    read_at: at,
    phase: index + 1,
    voltage: p.voltage,
    current: p.current,
    active_power: p.activePower,
    reactive_power: p.reactivePower,
    apparent_power: p.apparentPower,
    cos_phi: p.cosPhi,
    angle: p.angle,
  }))
  const t = values.total
  rows.push({
    counter_id: counterId,
    read_at: at,
    phase: 0,
    active_power: t.activePower,
    reactive_power: t.reactivePower,
    apparent_power: t.apparentPower,
    cos_phi: t.cosPhi,
    frequency: values.frequency,
  })
  return rows
}

/**
 * A refusal by the meter (a value its firmware lacks), a profile memory the driver cannot locate or a constant A
 * nobody gives, a read it leaves unanswered or one whose answer still comes back damaged after the retries (a firmware
 * that answers it at another length) costs its group only; a lost link ends the poll. A line too noisy for any answer
 * fails every group, and so the poll.
 */
const costsGroupOnly = (error: unknown): error is MeterError =>
  error instanceof MeterStatusError ||
  error instanceof MeterProfileAddressError ||
  error instanceof MeterConstantUnknownError ||
  (error instanceof MeterError && error.retryable)

/** Opens the meter, reads its clock, then each read group on its own; false when every group asked for went unread. */
async function readMeter(
  driver: MeterDriver,
  configuredConstant: number | null,
  db: Executor,
  meter: MeterContext,
  now: Date,
  note: (text: string) => void,
  result: PollResult,
  clock: () => Date,
): Promise<boolean> {
  await driver.open()
  note(T.poll.channelOpened(meter.serial))
  const lastCorrectedAt = meter.clockCorrection ? await lastClockCorrection(db, meter.counterId) : null
  const clockNeeds = { counterId: meter.counterId, timeZone: meter.timeZone, correct: meter.clockCorrection ?? false, lastCorrectedAt }
  result.clock = await pollMeterClock(driver, clockNeeds, clock, note)
  if (meter.relay !== undefined) {
    if (!driver.setRelay) throw new MeterStatusError(0, T.poll.relayUnsupported)
    const state = await driver.setRelay(meter.relay)
    if (state !== (meter.relay ? 'on' : 'off')) throw new MeterStatusError(0, T.poll.relayNotSwitched(T.poll.relayStates[state]))
    note(meter.relay ? T.poll.relayOn : T.poll.relayOff)
  }
  const groups: [GroupKind, () => Promise<void>][] = []
  const registerChannels = meter.reads.registers
  if (registerChannels) groups.push(['registers', () => readRegisters(driver, meter.counterId, registerChannels, now, note, result)])
  if (meter.reads.instant) groups.push(['instant', () => readPhases(driver, meter.counterId, now, note, result)])
  const profileChannels = meter.reads.profile
  if (profileChannels && driver.readProfile) {
    groups.push(['profile', () => readIntervals(driver, configuredConstant, db, meter, profileChannels, now, note, result)])
  }
  const unread: GroupKind[] = []
  for (const [group, read] of groups) {
    try {
      await read()
    } catch (error) {
      if (!costsGroupOnly(error)) throw error
      note(T.poll.groupUnread(T.poll.readGroups[group], error.message))
      unread.push(group)
    }
  }
  if (unread.length === 0) return true
  if (unread.length === groups.length) return false
  result.unread = unread
  note(T.poll.partial(unread.map((group) => T.poll.readGroups[group])))
  return true
}

/** Tariffs 0..4; the tariffs read before a refusal are kept, and the log says how many values they gave. */
async function readRegisters(driver: MeterDriver, counterId: number, channels: number[], now: Date, note: (text: string) => void, result: PollResult) {
  const rows: RegisterRow[] = []
  try {
    for (const tariff of TARIFFS) rows.push(...registerRows(counterId, tariff, await driver.readEnergy(tariff), channels, now))
  } finally {
    result.registers.push(...rows)
    const total = rows.find((r) => r.tariff === 0 && r.channel === CHANNEL.A_PLUS)
    if (rows.length > 0) note(T.poll.registersRead(rows.length, total?.value))
  }
}

async function readPhases(driver: MeterDriver, counterId: number, now: Date, note: (text: string) => void, result: PollResult) {
  const values = await driver.readInstant()
  result.phases.push(...phaseRows(counterId, values, now))
  note(values.refused.length === 0 ? T.poll.phasesRead : T.poll.phasesReadExcept(values.refused.map((quantity) => T.poll.instantQuantities[quantity])))
}

async function readIntervals(
  driver: MeterDriver,
  configuredConstant: number | null,
  db: Executor,
  meter: MeterContext,
  channels: number[],
  now: Date,
  note: (text: string) => void,
  result: PollResult,
) {
  const from = await profileStart(db, meter.counterId, channels, now)
  const to = new Date(Math.floor(now.getTime() / HALF_HOUR_MS) * HALF_HOUR_MS)
  if (from >= to || !driver.readProfile) return
  const { used, reading } = await profileConstant(driver, meter.counterId, configuredConstant, note)
  result.meterConstant = reading
  const records: ProfileRecord[] = []
  let cut = true
  try {
    await driver.readProfile(from, to, used, (record) => records.push(record))
    cut = false
  } finally {
    result.intervals.push(...intervalRows(meter.counterId, records, channels))
    // What a cut walk read is kept, oldest first, and the next poll goes on from its last interval.
    const lastRead = records.at(-1)
    if (!cut || lastRead) note(profileLine(from, records, channels, meter.accountTimeZone))
    if (cut && lastRead) note(T.poll.profileReadUntil(formatMoment(new Date(lastRead.start.getTime() + lastRead.minutes * 60_000), meter.accountTimeZone)))
  }
  const minutes = records.find((record) => record.minutes * 60_000 !== HALF_HOUR_MS)?.minutes
  if (minutes !== undefined) note(T.poll.profileNotHalfHourly(minutes))
}

/**
 * The records' intervals of the channels the meter measures. A channel null in every record while another channel has
 * a value is one it does not measure (`FF FF` in all its cells: A− of a one-direction meter) and is not stored: MISSING
 * rows would show it as a meter with gaps every day. A record with every channel null is a gap, MISSING in each.
 */
function intervalRows(counterId: number, records: ProfileRecord[], channels: number[]): IntervalRow[] {
  const has = (record: ProfileRecord, channel: number) => record.energy[CHANNEL_KEYS[channel]!] !== null
  const anyValue = records.some((record) => channels.some((channel) => has(record, channel)))
  const measured = channels.filter((channel) => !anyValue || records.some((record) => has(record, channel)))
  return records.flatMap((record) =>
    measured.map((channel) => {
      const value = record.energy[CHANNEL_KEYS[channel]!]
      return { counter_id: counterId, channel, interval_start: record.start, minutes: record.minutes, value, status: intervalStatus(value, record) }
    }),
  )
}

function intervalStatus(value: number | null, record: ProfileRecord): number {
  if (value === null) return INTERVAL_STATUS.MISSING
  return record.incomplete ? INTERVAL_STATUS.INCOMPLETE : INTERVAL_STATUS.VALID
}

function profileLine(from: Date, records: ProfileRecord[], channels: number[], timeZone: string): string {
  const missing = records.filter((r) => channels.every((channel) => r.energy[CHANNEL_KEYS[channel]!] === null)).length
  const incomplete = records.filter((r) => r.incomplete).length
  return T.poll.profileRead(formatMoment(from, timeZone), records.length, missing, incomplete)
}

/** A lorawandb meter is not polled: its data come from the network server; the task checks that they keep coming. */
async function checkUplinks(db: Executor, meter: MeterContext, now: Date, note: (text: string) => void, result: PollResult): Promise<PollResult> {
  const latest = await db.execute(sql`select max(read_at) as at from register_readings where counter_id = ${meter.counterId}`)
  const at = (latest.rows[0] as { at: Date | null } | undefined)?.at
  result.ok = Boolean(at && now.getTime() - new Date(at).getTime() <= LORAWAN_SILENCE_MS)
  note(at ? T.poll.lorawanLast(formatMoment(new Date(at), meter.accountTimeZone)) : T.poll.lorawanNone)
  return result
}

/** The stored parameters with the sealed ones opened; a value this service's key cannot open is a configuration fault. */
function openedConnParams(box: SecretBox, params: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => {
      if (!isSecretConnParam(name)) return [name, value]
      try {
        return [name, box.open(value)]
      } catch {
        throw new MeterConfigError(name, T.secretUnreadable)
      }
    }),
  )
}

/**
 * Opens the meter through its driver (its password opened with `box`), reads what the context asks for and closes it
 * within `deadlineMs` of its turn on the converter (converter-turns.ts). Rejects only with TurnCancelled: its service
 * stopped before its turn.
 */
export async function pollMeter(
  db: Executor,
  meter: MeterContext,
  now: Date,
  deadlineMs: number,
  box: SecretBox,
  clock: () => Date = () => new Date(),
): Promise<PollResult> {
  const result: PollResult = { ok: false, fatal: false, lines: [], registers: [], phases: [], intervals: [], timeZone: meter.accountTimeZone }
  const note = (text: string) => result.lines.push({ date: clock(), text })
  if (meter.driver === LORAWAN_DRIVER) return checkUplinks(db, meter, now, note, result)
  if (!isPollingDriver(meter.driver)) {
    note(T.meterNotPolled)
    result.fatal = true
    return result
  }
  if (!meter.connParams) {
    note(T.noInstallation)
    result.fatal = true
    return result
  }
  const protocol = meter.driver
  let expired = false
  try {
    const params = openedConnParams(box, meter.connParams)
    const settings = parseConnectionParams(params)
    await inTurn(
      converterOf(settings.host, settings.port),
      async (waited) => {
        if (waited) note(T.poll.converterWaited(`${settings.host}:${settings.port}`))
        // The deadline counts from the converter's turn: a poll waiting for it is not failing. Closing the connection
        // fails the exchange in progress, which ends the poll.
        let driver: MeterDriver | undefined
        const deadline = setTimeout(() => {
          expired = true
          void driver?.close()
        }, deadlineMs)
        try {
          driver = createMeterDriver(protocol, params, meter.timeZone)
          const read = await readMeter(driver, settings.meterConstant, db, meter, now, note, result, clock)
          result.ok = read && !expired
        } finally {
          clearTimeout(deadline)
          await driver?.close()
        }
      },
      { onDemand: meter.onDemand, stop: meter.stopWaiting },
    )
  } catch (error) {
    if (error instanceof TurnCancelled) throw error
    // Past the deadline the error is what the closed connection made of the read in flight, not a fault of the meter.
    if (!expired) note(error instanceof Error ? error.message : String(error))
    result.fatal = error instanceof MeterError && error.kind === 'config'
  }
  if (expired) note(T.poll.deadline(Math.round(deadlineMs / 1000)))
  return result
}

/** The last of the rows that share a key: a round's group may hold two polls of one meter (two tasks), or a meter may repeat a record. */
function lastByKey<T>(rows: T[], key: (row: T) => string): T[] {
  return [...new Map(rows.map((row) => [key(row), row])).values()]
}

/**
 * Writes what polls read through the one writer of time series, then validates and estimates it (docs/vee.md). A
 * round hands in the polls that ended together, so each statement runs once for the group; the account's zone rolls
 * the days up, so polls of different zones are written apart.
 */
export async function storePolls(db: Executor, results: PollResult[]): Promise<void> {
  const zones = new Map<string, PollResult[]>()
  for (const result of results) {
    const zone = result.timeZone ?? DEFAULT_TIME_ZONE
    if (!zones.has(zone)) zones.set(zone, [])
    zones.get(zone)!.push(result)
  }
  for (const [timeZone, group] of zones) {
    const registers = lastByKey(
      group.flatMap((r) => r.registers),
      (r) => `${r.counter_id} ${r.channel} ${r.tariff} ${r.read_at.getTime()}`,
    )
    const intervals = lastByKey(
      group.flatMap((r) => r.intervals),
      (r) => `${r.counter_id} ${r.channel} ${r.interval_start.getTime()}`,
    )
    await storeRegisterReadings(db, registers)
    await storePhaseValues(
      db,
      lastByKey(
        group.flatMap((r) => r.phases),
        (r) => `${r.counter_id} ${r.phase} ${r.read_at.getTime()}`,
      ),
    )
    await storeIntervals(db, intervals, timeZone)
    await storeMeterConstants(
      db,
      group.flatMap((r) => (r.meterConstant ? [r.meterConstant] : [])),
    )
    await storeMeterClocks(
      db,
      group.flatMap((r) => (r.clock ? [r.clock] : [])),
    )
    const drifting = group.flatMap((r) => (r.clock && clockDriftExceeded(driftAfter(r.clock)) ? [r.clock.counterId] : []))
    await runVee(db, intervals, registers, drifting, timeZone)
  }
}
