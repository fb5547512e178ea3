import type { Tariff } from './meter-values'

/**
 * The household three-zone scheme (DESIGN.md section 5): night 23-7, peak 7-10 and 17-21,
 * half-peak the rest, in Moscow local time. Registers follow the usual Russian numbering of
 * three-zone meters: T1 peak, T2 night, T3 half-peak; T4 stays unused.
 */
export type TariffZone = 'peak' | 'night' | 'halfPeak'

export const TARIFF_ZONES: readonly TariffZone[] = ['peak', 'night', 'halfPeak']

export const ZONE_TARIFF: Record<TariffZone, Exclude<Tariff, 0>> = { peak: 1, night: 2, halfPeak: 3 }

/** Index into TARIFF_ZONES for each half-hour of the day (0 = 00:00-00:30). */
export const ZONE_INDEX_OF_HALF_HOUR: readonly number[] = Array.from({ length: 48 }, (_, halfHour) => {
  const hour = halfHour / 2
  if (hour >= 23 || hour < 7) return TARIFF_ZONES.indexOf('night')
  if ((hour >= 7 && hour < 10) || (hour >= 17 && hour < 21)) return TARIFF_ZONES.indexOf('peak')
  return TARIFF_ZONES.indexOf('halfPeak')
})

export function zoneOfHalfHour(halfHour: number): TariffZone {
  const zone = TARIFF_ZONES[ZONE_INDEX_OF_HALF_HOUR[halfHour] ?? -1]
  if (zone === undefined) throw new RangeError(`half-hour out of range: ${halfHour}`)
  return zone
}
