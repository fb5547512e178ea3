import * as v from 'valibot'
import { isoTime, isoTimeOrNull, meterPointEntries } from './common'

/* The meter's clock as the console shows it (docs/collector-protocols.md, "The meter's clock"). */

export const meterClock = v.object({
  counter_id: v.number(),
  /** The zone the meter keeps its clock in: its own, else the account's. */
  time_zone: v.string(),
  /** Meter minus collector, seconds; null until a poll has read the clock. */
  drift_s: v.nullable(v.number()),
  read_at: isoTimeOrNull(),
  corrected_at: isoTimeOrNull(),
  correction_s: v.nullable(v.number()),
  /** The drift is beyond limit_s (CLOCK_DRIFT_LIMIT_S). */
  exceeded: v.boolean(),
  limit_s: v.number(),
})
export type MeterClock = v.InferOutput<typeof meterClock>

/** A meter whose clock is beyond the limit, as monitoring lists it. */
export const driftingMeter = v.object({
  counter_id: v.number(),
  serial_num: v.string(),
  ...meterPointEntries,
  drift_s: v.number(),
  read_at: isoTime(),
})
export type DriftingMeter = v.InferOutput<typeof driftingMeter>
