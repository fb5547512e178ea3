import { sql } from 'drizzle-orm'
import { T } from '../../shared/texts'
import type { Executor } from '../db/client'
import { pgArray } from '../repositories/readings'
import type { MeterDriver } from './drivers/meter-driver'
import { DEFAULT_METER_CONSTANT } from './protocol/mercury230'
import { MeterError } from './protocol/errors'

/** The constant A a poll learnt: what the meter reports, and whether a configured override disagrees with it. */
export interface MeterConstantReading {
  counterId: number
  read: number | null
  mismatch: boolean
}

/**
 * The constant the profile is converted with: the configured `meter_constant` when set (an override), else the one
 * the meter reports (08 12), else the factory 5000 when the meter does not answer it. A disagreement between the
 * override and the meter is a warning line of the poll and a flag on the meter's card.
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
    // A refusal or a code outside the table leaves the constant to the fallback; a lost link ends the poll.
    if (!(error instanceof MeterError) || (error.kind !== 'meter_status' && error.kind !== 'frame')) throw error
    note(T.meterConstantUnread(error.message, configured ?? DEFAULT_METER_CONSTANT))
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
