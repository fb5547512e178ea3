import { useState } from 'react'
import { Box, Heading, HStack, Stack, Text } from '@chakra-ui/react'
import { createFileRoute } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { VictoryAxis, VictoryBar, VictoryChart, VictoryContainer } from 'victory'
import dayjs from 'dayjs'
import { PROFILE_INTERVALS } from '../../../shared/constants'
import { INTERVAL_STATUS } from '../../../shared/metering'
import { T } from '../../../shared/texts'
import { SelectField } from '../../components/ui/fields'
import { LoadError } from '../../components/ui/load-error'
import { formatNumber } from '../../lib/format'
import { availableParamsQueryOptions, profileQueryOptions } from '../../features/collection/api/collection'

export const Route = createFileRoute('/_app/points/$id/profile')({
  component: PointProfileTab,
})

const INTERVAL_LABELS: Record<(typeof PROFILE_INTERVALS)[number], string> = { 30: '30 минут', 60: 'Час', 1440: 'Сутки', 43200: 'Месяц', 525600: 'Год' }
const TICK_FORMAT: Record<number, string> = { 30: 'HH:mm', 60: 'HH:mm', 1440: 'DD.MM', 43200: 'MM.YYYY', 525600: 'YYYY' }

/** Colours of the bars by the bucket's status (docs/vee.md); a bucket with nothing but missing half-hours has no bar. */
const STATUS_COLORS: Record<number, string> = {
  [INTERVAL_STATUS.VALID]: '#3182ce',
  [INTERVAL_STATUS.ESTIMATED]: '#dd6b20',
  [INTERVAL_STATUS.EDITED]: '#805ad5',
  [INTERVAL_STATUS.SUSPECT]: '#e53e3e',
  [INTERVAL_STATUS.MISSING]: '#a0aec0',
}

/** Bars of the profile: a bucket without a value is left out, so a gap shows as a gap, not as a zero. */
function profileBars(items: { date: string; value: number | null; status: number }[]) {
  return items.flatMap((i) => (i.value === null ? [] : [{ x: new Date(i.date), y: i.value, fill: STATUS_COLORS[i.status]! }]))
}

function PointProfileTab() {
  const pointId = Number(Route.useParams().id)
  const params = useQuery(availableParamsQueryOptions(pointId))
  const [parameterId, setParameterId] = useState<number | null>(null)
  const [interval, setInterval] = useState<number>(30)
  const chosen = parameterId ?? params.data?.[0]?.parameter_id ?? null
  const profile = useQuery({ ...profileQueryOptions(pointId, chosen ?? 0, interval), enabled: chosen !== null })
  const items = profile.data?.items ?? []
  return (
    <Stack gap="4">
      <Heading as="h2" size="lg">{T.powerProfile}</Heading>
      <HStack gap="4" wrap="wrap" align="flex-end">
        <Box minW="72">
          <SelectField label="Параметр" value={chosen} options={(params.data ?? []).map((p) => ({ value: p.parameter_id, label: p.name }))} onChange={setParameterId} emptyText={params.isError ? T.loadFailed : T.empty} />
        </Box>
        <Box minW="44">
          <SelectField label="Интервал" value={interval} options={PROFILE_INTERVALS.map((n) => ({ value: n, label: INTERVAL_LABELS[n] }))} onChange={(n) => setInterval(n ?? 30)} />
        </Box>
      </HStack>
      {(params.isError || profile.isError) && (
        <LoadError error={params.error ?? profile.error} title={T.loadFailed} onRetry={() => void (params.isError ? params.refetch() : profile.refetch())} />
      )}
      {profile.isSuccess && items.length === 0 && <Text color="fg.muted">{T.empty}</Text>}
      {items.length > 0 && (
        <Box maxW="1000px" role="img" aria-label={`${T.powerProfile}: ${profile.data?.parameter_name ?? ''}`}>
          <VictoryChart containerComponent={<VictoryContainer title={T.powerProfile} />} domainPadding={6} height={320} width={900} scale={{ x: 'time' }}>
            <VictoryAxis tickFormat={(d: Date) => dayjs(d).format(TICK_FORMAT[interval] ?? 'DD.MM')} fixLabelOverlap />
            <VictoryAxis dependentAxis label={profile.data?.measurement} tickFormat={(t: number) => formatNumber(t)} />
            <VictoryBar data={profileBars(items)} style={{ data: { fill: ({ datum }) => (datum as { fill: string }).fill } }} />
          </VictoryChart>
          <HStack gap="4" wrap="wrap" fontSize="sm" aria-label="Статусы получасов">
            {Object.entries(STATUS_COLORS).map(([status, color]) => (
              <HStack key={status} gap="1">
                <Box boxSize="3" bg={color} borderRadius="sm" />
                <Text>{T.veeStatus[Number(status)]}</Text>
              </HStack>
            ))}
            <Text color="fg.muted">{T.profileGapNote}</Text>
          </HStack>
        </Box>
      )}
    </Stack>
  )
}
