import { useMemo, useState } from 'react'
import { Box, Heading, HStack, Stack, Text } from '@chakra-ui/react'
import { createFileRoute } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import * as v from 'valibot'
import { PROFILE_INTERVALS } from '../../../shared/constants'
import { INTERVAL_STATUS } from '../../../shared/metering'
import { T } from '../../../shared/texts'
import { periodSearchEntries, rangeTimes } from '../../components/charts/period'
import { PeriodPicker, useChartPeriod } from '../../components/charts/period-picker'
import { TimeChart, type ChartSeries } from '../../components/charts/time-chart'
import { SelectField } from '../../components/ui/fields'
import { LoadError } from '../../components/ui/load-error'
import { formatBucket } from '../../features/represents/period'
import { availableParamsQueryOptions, profileQueryOptions } from '../../features/collection/api/collection'

export const Route = createFileRoute('/_app/points/$id/profile')({
  staticData: { permission: 'data.view' },
  validateSearch: v.object(periodSearchEntries),
  component: PointProfileTab,
})

const INTERVAL_LABELS: Record<(typeof PROFILE_INTERVALS)[number], string> = { 30: '30 минут', 60: 'Час', 1440: 'Сутки', 43200: 'Месяц', 525600: 'Год' }

/**
 * The bars by the bucket's status (docs/vee.md), one series per status so the legend can hide one: a bucket with
 * nothing but missing half-hours has no bar (a gap, not a zero); estimated and partly missing buckets are lighter.
 */
const STATUS_SERIES: { status: number; color: string; estimated?: boolean }[] = [
  { status: INTERVAL_STATUS.VALID, color: '#3182ce' },
  { status: INTERVAL_STATUS.EDITED, color: '#805ad5' },
  { status: INTERVAL_STATUS.ESTIMATED, color: '#dd6b20', estimated: true },
  { status: INTERVAL_STATUS.INCOMPLETE, color: '#d69e2e' },
  { status: INTERVAL_STATUS.SUSPECT, color: '#e53e3e' },
  { status: INTERVAL_STATUS.MISSING, color: '#a0aec0', estimated: true },
]

function profileSeries(items: { date: string; value: number | null; status: number }[], unit: string): ChartSeries[] {
  return STATUS_SERIES.flatMap(({ status, color, estimated }) => {
    const points = items
      .filter((i) => i.status === status && i.value !== null)
      .map((i) => ({ x: new Date(i.date), y: i.value, estimated, note: estimated ? T.veeStatus[status]?.toLowerCase() : undefined }))
    const name = status === INTERVAL_STATUS.MISSING ? T.incompleteData : T.veeStatus[status]!
    return points.length > 0 ? [{ key: String(status), name, unit, color, points }] : []
  })
}

function PointProfileTab() {
  const pointId = Number(Route.useParams().id)
  const params = useQuery(availableParamsQueryOptions(pointId))
  const [parameterId, setParameterId] = useState<number | null>(null)
  const [interval, setInterval] = useState<number>(30)
  const period = useChartPeriod(null)
  const chosen = parameterId ?? params.data?.[0]?.parameter_id ?? null
  const profile = useQuery({ ...profileQueryOptions(pointId, chosen ?? 0, interval, period.range && rangeTimes(period.range)), enabled: chosen !== null })
  const series = useMemo(() => profileSeries(profile.data?.items ?? [], profile.data?.measurement ?? ''), [profile.data])
  return (
    <Stack gap="4">
      <Heading as="h2" size="lg">
        {T.powerProfile}
      </Heading>
      <HStack gap="4" wrap="wrap" align="flex-end">
        <Box minW="72">
          <SelectField
            label="Параметр"
            value={chosen}
            options={(params.data ?? []).map((p) => ({ value: p.parameter_id, label: p.name }))}
            onChange={setParameterId}
            // Until the parameters come the select says so, once: not that there are none.
            placeholder={params.isPending ? T.loadingDots : undefined}
            disabled={params.isPending}
            emptyText={params.isPending ? undefined : params.isError ? T.loadFailed : T.empty}
          />
        </Box>
        <Box minW="44">
          <SelectField
            label="Интервал"
            value={interval}
            options={PROFILE_INTERVALS.map((n) => ({ value: n, label: INTERVAL_LABELS[n] }))}
            onChange={(n) => setInterval(n ?? 30)}
          />
        </Box>
      </HStack>
      <PeriodPicker period={period} />
      {(params.isError || profile.isError) && (
        <LoadError error={params.error ?? profile.error} title={T.loadFailed} onRetry={() => void (params.isError ? params.refetch() : profile.refetch())} />
      )}
      {profile.isSuccess && series.length === 0 && <Text color="fg.muted">{T.empty}</Text>}
      {series.length > 0 && (
        <TimeChart
          title={`${T.powerProfile}: ${profile.data?.parameter_name ?? ''}`}
          series={series}
          kind="bar"
          step={(interval >= 525600 ? 366 * 1440 : interval >= 43200 ? 31 * 1440 : interval) * 60_000}
          formatTime={(t) => formatBucket(t.toISOString(), interval)}
          yLabel={profile.data?.measurement}
          notes={
            <Text fontSize="xs" color="fg.muted">
              {T.profileGapNote}
            </Text>
          }
        />
      )}
    </Stack>
  )
}
