import { sql } from 'drizzle-orm'
import { T } from '../../shared/texts'
import type { Executor } from '../db/client'
import { pgArray } from '../repositories/readings'
import type { MeterDriver } from './drivers/meter-driver'
import { DEFAULT_METER_CONSTANT } from './protocol/mercury230'
import { MeterConstantUnknownError, MeterError } from './protocol/errors'

/** The constant A a poll learnt: what the meter reports, and whether a configured override disagrees with it. */
export interface MeterConstantReading {
  counterId: number
  read: number | null
  mismatch: boolean
}

/**
 * The constant the profile is converted with: the configured `meter_constant` when set (an override), else the one
 * the meter reports (08 12). A disagreement between the override and the meter is a warning line of the poll and a
 * flag on the meter's card. A meter that does not say its A (no answer, a refusal, a code outside the table) with no
 * override costs the profile group: A scales every half-hour, and the variants' constants differ up to twentyfold
 * (manual fig. 4.34: 5000, 500, 250, 1000), so a guess could store wrong energy as valid, while an unread profile
 * stays in the meter's memory and is read back once A is known.
 */
export async function profileConstant(
  driver: MeterDriver,
  counterId: number,
  configured: number | null,
  note: (text: string) => void,
): Promise<{ used: number; reading: MeterConstantReading }> {
  let read: number | null = null
  try {
    read = driver.readMeterConstant ? await driver.readMeterConstant() : null
  } catch (error) {
    // A lost link ends the poll; the meter's silence, refusal or unknown code leaves A to the override.
    if (!(error instanceof MeterError) || !(error.retryable || error.kind === 'meter_status' || error.kind === 'frame')) throw error
    if (configured === null) throw new MeterConstantUnknownError(error.message)
    note(T.meterConstantUnread(error.message, configured))
  }
  const mismatch = configured !== null && read !== null && configured !== read
  if (mismatch) note(T.meterConstantMismatch(configured, read!))
  else if (read !== null) note(T.meterConstantRead(read))
  return { used: configured ?? read ?? DEFAULT_METER_CONSTANT, reading: { counterId, read, mismatch } }
}

/** Keeps the constants on the meters' cards; written only when they changed, so a poll does not rewrite every card. */
export async function storeMeterConstants(db: Executor, readings: MeterConstantReading[]): Promise<void> {
  if (readings.length === 0) return
  const rows = [...new Map(readings.map((r) => [r.counterId, r])).values()]
  await db.execute(sql`
    update counters c set meter_constant = coalesce(r.read, c.meter_constant), meter_constant_mismatch = r.mismatch
    from unnest(${pgArray(rows.map((r) => r.counterId))}::int[], ${pgArray(rows.map((r) => r.read))}::int[], ${pgArray(rows.map((r) => r.mismatch))}::boolean[])
      as r(counter_id, read, mismatch)
    where c.counter_id = r.counter_id
      and (c.meter_constant is distinct from coalesce(r.read, c.meter_constant) or c.meter_constant_mismatch <> r.mismatch)`)
}
