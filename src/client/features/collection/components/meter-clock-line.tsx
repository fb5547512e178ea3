import { useQuery } from '@tanstack/react-query'
import type { MeterClock } from '../../../../shared/schemas/meter-clock'
import { zoneName } from '../../../../shared/format'
import { T } from '../../../../shared/texts'
import { formatDateTime } from '../../../lib/format'
import { meterClockQueryOptions } from '../api/meter-clock'
import { MeterInfoLine } from './meter-info-line'

/** What the last poll found of the meter's clock, in words: drift, when read, last correction, zone. */
function meterClockText(clock: MeterClock): string {
  if (clock.drift_s === null || clock.read_at === null) return `${T.clockNotRead}; ${T.clockTimeZone(zoneName(clock.time_zone))}`
  const parts = [T.clockDrift(clock.drift_s), T.clockReadAt(formatDateTime(clock.read_at))]
  if (clock.corrected_at !== null && clock.correction_s !== null) parts.push(T.clockCorrected(clock.correction_s, formatDateTime(clock.corrected_at)))
  parts.push(T.clockTimeZone(zoneName(clock.time_zone)))
  return parts.join(', ')
}

/** The meter's clock on its info screen; a drift beyond the limit is flagged. Nothing while offline or failing. */
export function MeterClockLine({ counterId }: { counterId: number }) {
  const clock = useQuery(meterClockQueryOptions(counterId)).data
  if (!clock) return null
  return <MeterInfoLine title={T.clockTitle} text={meterClockText(clock)} flag={clock.exceeded ? T.clockDriftExceeded(clock.limit_s) : null} />
}
