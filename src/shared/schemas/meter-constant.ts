import * as v from 'valibot'

/* The meter's constant A as the console shows it (docs/collector-protocols.md, «The meter's constant»). */

export const meterConstant = v.object({
  /** Impulses per kWh the meter reported at its last poll (08 12); null before any poll read it. */
  read: v.nullable(v.number()),
  /** The `meter_constant` connection parameter of its installation, an override; null when not set. */
  configured: v.nullable(v.number()),
  /** What the profile is converted with: the override, else the read one; null while neither is known (no profile read). */
  used: v.nullable(v.number()),
  /** An override that disagrees with what the meter reports. */
  mismatch: v.boolean(),
})
export type MeterConstant = v.InferOutput<typeof meterConstant>
