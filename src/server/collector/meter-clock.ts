import { sql } from 'drizzle-orm'
import { CLOCK_CORRECTION_THRESHOLD_S, clockDriftExceeded } from '../../shared/meter-clock'
import type { LocalDateTime } from '../../shared/calendar'
import type { Executor } from '../db/client'
import { pgArray } from '../repositories/readings'
import { auditLog } from '../db/schema'
import type { AuditEntity } from '../repositories/audit-log'
import type { MeterDriver } from './drivers/meter-driver'
import { formatMoment } from './log-format'
import { fromZonedParts, toZonedParts } from './meter-time'
import { MeterAccessDeniedError, MeterError, MeterStatusError } from './protocol/errors'
import { CLOCK_CORRECTION_MAX_S, type TimeOfDay } from './protocol/mercury230-clock'
import { formatNumber } from '../../shared/format'
import { T } from '../../shared/texts'

/* The meter's clock in a poll: read it, note the drift, correct it when the task allows (docs/collector-protocols.md). */

const HALF_HOUR_S = 1800

/** What a poll found of the meter's clock, stored in meter_clocks. */
export interface ClockOutcome {
  counterId: number
  /** Meter minus collector, whole seconds. */
  driftS: number
  readAt: Date
  correction?: { at: Date; seconds: number; driftBeforeS: number }
}

export interface ClockNeeds {
  counterId: number
  timeZone: string
  /** The task may correct the clock. */
  correct: boolean
  /** When the collector last corrected this meter's clock. */
  lastCorrectedAt: Date | null
}

// Grouped as the rest of the log's numbers: a clock a day off is «+86 400 с».
const signed = (seconds: number) => T.poll.seconds(`${seconds > 0 ? '+' : ''}${formatNumber(seconds, 0)}`)

/** The log line saying why a drift is left alone, or the time of day to set and by how much it moves the clock. */
type CorrectionPlan = { to: TimeOfDay; seconds: number } | { leave: string }

const dayOf = (p: LocalDateTime) => `${p.year}-${p.month}-${p.day}`
const halfHourOf = (p: LocalDateTime) => `${dayOf(p)} ${Math.floor((p.hour * 3600 + p.minute * 60 + p.second) / HALF_HOUR_S)}`

/**
 * The correction for a drift: at most the protocol's step toward the collector's time, never twice in the meter's
 * local day, and only while the meter's clock shows the collector's date and half-hour in the meter's zone (the
 * correction then never crosses midnight or a half-hour boundary, where the meter would close or repeat a profile
 * interval). Clocks less than half an hour apart meet in one half-hour at a later poll; clocks further apart never
 * do (a wrong date, a wrong zone): stepping them by 4 minutes a day would spoil a right time of day, so the log asks
 * for the clock to be set by hand.
 */
function planCorrection(driftS: number, meterNow: Date, lastCorrectedAt: Date | null, timeZone: string): CorrectionPlan | null {
  if (Math.abs(driftS) <= CLOCK_CORRECTION_THRESHOLD_S) return null
  const collectorNow = new Date(meterNow.getTime() - driftS * 1000)
  const meter = toZonedParts(meterNow, timeZone)
  const collector = toZonedParts(collectorNow, timeZone)
  // Apart by half an hour or more they never share one, though a zone's repeated autumn hour may show the same wall clock.
  if (halfHourOf(meter) !== halfHourOf(collector) || Math.abs(driftS) >= HALF_HOUR_S) {
    if (Math.abs(driftS) < HALF_HOUR_S) return { leave: T.poll.correctionSkipped(T.poll.correctionCrossesHalfHour) }
    const reason = dayOf(meter) === dayOf(collector) ? T.poll.clockHalfHoursDiffer : T.poll.clockDatesDiffer
    return { leave: T.poll.correctionImpossible(formatMoment(meterNow, timeZone), formatMoment(collectorNow, timeZone), timeZone, reason) }
  }
  if (lastCorrectedAt && dayOf(toZonedParts(lastCorrectedAt, timeZone)) === dayOf(collector)) {
    return { leave: T.poll.correctionSkipped(T.poll.correctedToday) }
  }
  // Between the meter's time and the collector's, so in their one half-hour.
  const seconds = Math.max(-CLOCK_CORRECTION_MAX_S, Math.min(CLOCK_CORRECTION_MAX_S, -driftS))
  const target = toZonedParts(new Date(meterNow.getTime() + seconds * 1000), timeZone)
  return { to: { hour: target.hour, minute: target.minute, second: target.second }, seconds }
}

/** Reads the clock and, when the task allows and the drift asks for it, corrects it; notes each step in the run's log. */
export async function pollMeterClock(
  driver: MeterDriver,
  needs: ClockNeeds,
  clock: () => Date,
  note: (text: string) => void,
): Promise<ClockOutcome | undefined> {
  if (!driver.readClock) return undefined
  // The clock is read for its drift only: a read refused, or lost on the line, leaves the data to read.
  const unread = (message: string) => note(T.poll.clockUnread(message))
  const reading = await optionalExchange(driver.readClock(), { refused: unread, lost: unread })
  if (!reading) return undefined
  const readAt = clock()
  const meterAt = fromZonedParts(reading.local, needs.timeZone)
  const driftS = Math.round((meterAt.getTime() - readAt.getTime()) / 1000)
  note(T.poll.clockDrift(signed(driftS), clockDriftExceeded(driftS)))
  const outcome: ClockOutcome = { counterId: needs.counterId, driftS, readAt }
  if (!needs.correct || !driver.correctClock) return outcome
  const sentAt = clock()
  const plan = planCorrection(driftS, new Date(meterAt.getTime() + sentAt.getTime() - readAt.getTime()), needs.lastCorrectedAt, needs.timeZone)
  if (!plan) return outcome
  if ('leave' in plan) {
    note(plan.leave)
    return outcome
  }
  if (driver.clockUncorrectable) {
    note(T.poll.correctionSkipped(driver.clockUncorrectable))
    return outcome
  }
  const done = await optionalExchange(
    driver.correctClock(plan.to).then(() => true),
    {
      refused: (message) => note(T.poll.correctionRefused(message)),
      lost: (message) => note(T.poll.correctionSkipped(message)),
    },
  )
  if (!done) return outcome
  note(T.poll.corrected(signed(plan.seconds)))
  return { ...outcome, correction: { at: clock(), seconds: plan.seconds, driftBeforeS: driftS } }
}

/**
 * An exchange the poll can do without (the clock's): refused by the meter (a command its firmware lacks, a level the
 * installation does not open) or lost on the line after the retries (no answer, a damaged one), it is said and the poll
 * goes on; a lost link still ends it.
 */
async function optionalExchange<T>(exchange: Promise<T>, say: { refused: (message: string) => void; lost: (message: string) => void }): Promise<T | null> {
  try {
    return await exchange
  } catch (error) {
    if (error instanceof MeterStatusError || error instanceof MeterAccessDeniedError) say.refused(error.message)
    else if (error instanceof MeterError && error.retryable) say.lost(error.message)
    else throw error
    return null
  }
}

/** The drift the clock has after the poll: what was read, less what the poll corrected. */
export const driftAfter = ({ driftS, correction }: ClockOutcome) => (correction ? driftS + correction.seconds : driftS)

/** The meters' clock rows, and every correction in the audit as the collector's (no user's) change. */
export async function storeMeterClocks(db: Executor, outcomes: ClockOutcome[]): Promise<void> {
  if (outcomes.length === 0) return
  const rows = [...new Map(outcomes.map((o) => [o.counterId, o])).values()]
  await db.execute(sql`
    insert into meter_clocks (counter_id, drift_s, read_at, corrected_at, correction_s)
    select * from unnest(${pgArray(rows.map((o) => o.counterId))}::int[], ${pgArray(rows.map(driftAfter))}::int[],
      ${pgArray(rows.map((o) => o.readAt.toISOString()))}::timestamptz[], ${pgArray(rows.map((o) => o.correction?.at.toISOString()))}::timestamptz[],
      ${pgArray(rows.map((o) => o.correction?.seconds))}::int[])
    on conflict (counter_id) do update set drift_s = excluded.drift_s, read_at = excluded.read_at,
      corrected_at = coalesce(excluded.corrected_at, meter_clocks.corrected_at), correction_s = coalesce(excluded.correction_s, meter_clocks.correction_s)`)
  const corrected = outcomes.filter((o) => o.correction)
  if (corrected.length === 0) return
  await db.insert(auditLog).values(
    corrected.map((o) => ({
      user_id: null,
      // Written past `auditRows` (no user): still an entity the audit knows whom to show.
      entity: 'counter' satisfies AuditEntity,
      entity_id: String(o.counterId),
      action: 'clock_correction',
      before: { drift_s: o.correction!.driftBeforeS },
      after: { drift_s: driftAfter(o), correction_s: o.correction!.seconds },
      remark: T.poll.correctionRemark,
    })),
  )
}

/** When the collector last corrected the meter's clock. */
export async function lastClockCorrection(db: Executor, counterId: number): Promise<Date | null> {
  const result = await db.execute(sql`select corrected_at from meter_clocks where counter_id = ${counterId}`)
  const at = (result.rows[0] as { corrected_at: Date | string | null } | undefined)?.corrected_at
  return at ? new Date(at) : null
}
