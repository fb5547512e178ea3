import { Badge, HStack, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import type { MeterClock } from '../../../../shared/schemas/meter-clock'
import { T } from '../../../../shared/texts'
import { formatDateTime } from '../../../lib/format'
import { meterClockQueryOptions } from '../api/meter-clock'

/** What the last poll found of the meter's clock, in words: drift, when read, last correction, zone. */
function meterClockText(clock: MeterClock): string {
  if (clock.drift_s === null || clock.read_at === null) return `${T.clockNotRead}; ${T.clockTimeZone(clock.time_zone)}`
  const parts = [T.clockDrift(clock.drift_s), T.clockReadAt(formatDateTime(clock.read_at))]
  if (clock.corrected_at !== null && clock.correction_s !== null) parts.push(T.clockCorrected(clock.correction_s, formatDateTime(clock.corrected_at)))
  parts.push(T.clockTimeZone(clock.time_zone))
  return parts.join(', ')
}

/** The meter's clock on its info screen; a drift beyond the limit is flagged. Nothing while offline or failing. */
export function MeterClockLine({ counterId }: { counterId: number }) {
  const clock = useQuery(meterClockQueryOptions(counterId))
  if (!clock.data) return null
  return (
    <HStack gap="2" wrap="wrap" aria-label={T.clockTitle}>
      <Text fontWeight="medium">{T.clockTitle}:</Text>
      <Text>{meterClockText(clock.data)}</Text>
      {clock.data.exceeded && <Badge colorPalette="red">{T.clockDriftExceeded(clock.data.limit_s)}</Badge>}
    </HStack>
  )
}
