import { Box, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import type { ComponentProps, ReactNode } from 'react'
import { PROFILE_INTERVALS, type ProfileInterval } from '../../../../shared/constants'
import type { ProfileData, Represent } from '../../../../shared/schemas/represents'
import { T } from '../../../../shared/texts'
import { PeriodPicker, useChartPeriod, type ChartPeriod } from '../../../components/charts/period-picker'
import { TimeChart, type ChartSeries } from '../../../components/charts/time-chart'
import { downloadProfileCsv, profileQueryOptions, representPointsQueryOptions } from '../api/represents'
import { INTERVAL_LABELS, formatBucket, periodOf, profileQueryOf } from '../period'
import { BalanceSummary } from './balance-summary'
import { BalanceTable } from './balance-table'
import { CsvButton } from './csv-button'
import { QueryState } from '../../../components/ui/query-state'

/** Приём is drawn black and thick, Небаланс in the object's colour and dashed: they differ by the outgoing energy. */
const IN_COLOR = '#1a202c'
const BALANCE_KEYS = new Set(['in', 'imbalance'])
/** Небаланс's own chart is lower than the profile's: one line to read, under the other. */
const IMBALANCE_CHART_HEIGHT = 200

function IntervalSelect({ value, onChange }: { value: ProfileInterval; onChange: (value: ProfileInterval) => void }) {
  return (
    <HStack gap="2">
      <Text asChild fontSize="sm">
        <label htmlFor="profile-interval">Интервал</label>
      </Text>
      <NativeSelect.Root size="sm" width="40">
        <NativeSelect.Field id="profile-interval" value={value} onChange={(e) => onChange(Number(e.target.value) as ProfileInterval)}>
          {PROFILE_INTERVALS.map((interval) => (
            <option key={interval} value={interval}>
              {INTERVAL_LABELS[interval]}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </HStack>
  )
}

/** The object's points the chart and table include: those marked «В графике» on the points tab; all is no filter. */
function useChosenPoints(representId: number) {
  const links = useQuery(representPointsQueryOptions(representId))
  const all = links.data ?? []
  const chosen = all.filter((link) => link.selected)
  return {
    settled: !links.isPending,
    points: chosen.length < all.length ? chosen.map((link) => link.point_id).join(',') : undefined,
    chosen: chosen.length,
    total: all.length,
  }
}

/** The days on the page (URL), by default the object's saved period, and the profile of the chosen points over them. */
function useProfile(represent: Represent, interval: ProfileInterval) {
  const period = useChartPeriod(periodOf(represent))
  const choice = useChosenPoints(represent.represent_id)
  const query = { ...profileQueryOf(represent, interval, period.range), points: choice.points }
  const none = choice.total > 0 && choice.chosen === 0
  const result = useQuery({ ...profileQueryOptions(represent.represent_id, query), enabled: choice.settled && !none })
  return { period, query, result, choice, none }
}

/** Says when the chart and table show only some of the object's points, or none. */
function ChoiceNote({ choice, none }: Pick<ReturnType<typeof useProfile>, 'choice' | 'none'>) {
  if (none) return <Text color="fg.muted">{T.noPointsChosen}</Text>
  if (choice.chosen === choice.total) return null
  return (
    <Text fontSize="sm" color="fg.muted">
      {T.pointsChosen(choice.chosen, choice.total)}
    </Text>
  )
}

/** The note on the chosen points, then, once the profile is there, its balance and what `children` draws of it. */
function ProfileResult({
  represent,
  profile: { result, choice, none },
  marks,
  children,
}: {
  represent: Represent
  profile: ReturnType<typeof useProfile>
  marks: ComponentProps<typeof BalanceSummary>['marks']
  children: (data: ProfileData) => ReactNode
}) {
  return (
    <>
      <ChoiceNote choice={choice} none={none} />
      {!none && (
        <QueryState query={result}>
          {(data) => (
            <Stack gap="3">
              <BalanceSummary summary={data.summary} showImbalance={represent.show_lost && represent.energy_type === 'straight'} marks={marks} />
              {children(data)}
            </Stack>
          )}
        </QueryState>
      )}
    </>
  )
}

function ProfileControls({
  interval,
  onInterval,
  period,
  children,
}: {
  interval: ProfileInterval
  onInterval: (i: ProfileInterval) => void
  period: ChartPeriod
  children?: ReactNode
}) {
  return (
    <Stack gap="2">
      <HStack gap="3" wrap="wrap">
        <IntervalSelect value={interval} onChange={onInterval} />
        {children}
      </HStack>
      <PeriodPicker period={period} />
    </Stack>
  )
}

/** A bucket's length, for the chart to tell a skipped bucket (months and years at their longest). */
const STEP_MINUTES: Record<number, number> = { 43200: 31 * 1440, 525600: 366 * 1440 }

function ProfileChart({ data, interval }: { data: ProfileData; interval: number }) {
  // Отдача is the sum of the drawn outgoing points, and the % has its own scale: both stay in the table.
  // Приём first: on top of the points' lines, and the tooltip's first line however many points there are. Небаланс,
  // tens of кВт·ч beside thousands of Приём, was a flat line on Приём's axis: it has a chart and a scale of its own.
  const drawn = data.headers.filter((h) => h.key !== 'time' && h.key !== 'out' && h.key !== 'imbalance_percent' && h.key !== 'imbalance')
  const headers = [...drawn.filter((h) => h.key === 'in'), ...drawn.filter((h) => h.key !== 'in')]
  const imbalance = data.headers.find((h) => h.key === 'imbalance')
  if (data.items.length === 0 || headers.length === 0) return <Text color="fg.muted">{T.empty}</Text>
  // A cell short of some half-hours (missing or estimated, the table's «*») is drawn dashed and lighter; no value is a gap.
  const seriesOf = (h: (typeof data.headers)[number]): ChartSeries => ({
    key: h.key,
    name: h.title,
    unit: h.unit,
    color: data.points_colors[h.key] ?? IN_COLOR,
    strokeWidth: BALANCE_KEYS.has(h.key) ? 2.5 : 1.5,
    dashed: h.key === 'imbalance',
    digits: 5,
    points: data.items.map((i) => ({ x: new Date(i.time), y: i.values[h.key] ?? null, estimated: i.missing.includes(h.key) })),
  })
  const chartOf = (title: string, shown: (typeof data.headers)[number][], height?: number) => (
    <Box bg="bg" borderWidth="1px" borderRadius="md" p="2">
      <TimeChart
        title={title}
        series={shown.map(seriesOf)}
        step={(STEP_MINUTES[interval] ?? interval) * 60_000}
        formatTime={(t) => formatBucket(t.toISOString(), interval)}
        yLabel={shown[0]?.unit}
        height={height}
      />
    </Box>
  )
  return (
    <Stack gap="3">
      {chartOf('График профиля объекта', headers)}
      {imbalance && chartOf('Небаланс объекта', [imbalance], IMBALANCE_CHART_HEIGHT)}
    </Stack>
  )
}

/** The object's profile drawn per point in the points' colours, with the sum and the losses in the loss colour. */
export function ChartTab({ represent, interval, onInterval }: { represent: Represent; interval: ProfileInterval; onInterval: (i: ProfileInterval) => void }) {
  const profile = useProfile(represent, interval)
  return (
    <Stack gap="3">
      <ProfileControls interval={interval} onInterval={onInterval} period={profile.period} />
      <ProfileResult represent={represent} profile={profile} marks="chart">
        {(data) => <ProfileChart data={data} interval={interval} />}
      </ProfileResult>
    </Stack>
  )
}

/** The same profile as a table, with its CSV. */
export function TableTab({ represent, interval, onInterval }: { represent: Represent; interval: ProfileInterval; onInterval: (i: ProfileInterval) => void }) {
  const profile = useProfile(represent, interval)
  return (
    <Stack gap="3">
      <ProfileControls interval={interval} onInterval={onInterval} period={profile.period}>
        <CsvButton download={() => downloadProfileCsv(represent.represent_id, profile.query)} />
      </ProfileControls>
      <ProfileResult represent={represent} profile={profile} marks="table">
        {(data) => <BalanceTable label="Профиль объекта" table={data} roundVal={represent.round_val} formatTime={(t) => formatBucket(t, interval)} />}
      </ProfileResult>
    </Stack>
  )
}
