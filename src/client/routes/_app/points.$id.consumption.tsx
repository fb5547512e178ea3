import { useMemo, useState } from 'react'
import { Box, Stack, Tabs, Text } from '@chakra-ui/react'
import { createFileRoute } from '@tanstack/react-router'
import { useQueries, useQuery } from '@tanstack/react-query'
import dayjs from 'dayjs'
import * as v from 'valibot'
import { CONSUMPTION_PAGE_SIZE } from '../../../shared/constants'
import type { ConsumptionRow } from '../../../shared/schemas/collection'
import { T } from '../../../shared/texts'
import { periodSearchEntries, presetRange, type DayRange } from '../../components/charts/period'
import { PeriodPicker, useChartPeriod } from '../../components/charts/period-picker'
import { TimeChart, type ChartSeries } from '../../components/charts/time-chart'
import { DataTable } from '../../components/ui/data-table'
import { MonthField } from '../../components/ui/date-field'
import { LoadError } from '../../components/ui/load-error'
import { formatDate, formatQuantity } from '../../lib/format'
import { consumptionQueryOptions } from '../../features/collection/api/collection'

export const Route = createFileRoute('/_app/points/$id/consumption')({
  staticData: { permission: 'data.view' },
  validateSearch: v.object(periodSearchEntries),
  component: PointConsumptionTab,
})

/** The longest period the chart asks month by month. */
const MAX_CHART_MONTHS = 24

/** The months a period touches, as the API asks them. */
function monthsOf(range: DayRange): string[] {
  const months: string[] = []
  for (let m = dayjs(range.beginDate).startOf('month'); !m.isAfter(dayjs(range.endDate)) && months.length <= MAX_CHART_MONTHS; m = m.add(1, 'month'))
    months.push(m.format('YYYY-MM'))
  return months
}

/** A day's consumption over the point's meters (two on the day one was changed); no value on any meter is a gap. */
function consumptionSeries(rows: ConsumptionRow[], range: DayRange): ChartSeries {
  const byDay = new Map<string, number | null>()
  const today = dayjs().format('YYYY-MM-DD')
  for (const row of rows) {
    const day = row.consumption_date
    if (day < range.beginDate || day > range.endDate || day > today) continue
    const sum = byDay.get(day) ?? null
    byDay.set(day, row.consumption === null ? sum : (sum ?? 0) + row.consumption)
  }
  return { key: 'consumption', name: 'Потребление', unit: 'кВт·ч', color: '#3182ce', points: [...byDay].map(([day, y]) => ({ x: dayjs(day).toDate(), y })) }
}

const combineMonths = (results: { data?: ConsumptionRow[]; error: unknown; isSuccess: boolean }[]) => ({
  rows: results.flatMap((r) => r.data ?? []),
  error: results.find((r) => r.error)?.error ?? undefined,
  loaded: results.every((r) => r.isSuccess),
})

/** The chart tab: its own period (in the URL), fetched month by month. */
function ConsumptionChart({ pointId }: { pointId: number }) {
  const period = useChartPeriod(presetRange('month'))
  const range = period.range!
  const months = monthsOf(range)
  const { rows, error, loaded } = useQueries({
    queries: months.length > MAX_CHART_MONTHS ? [] : months.map((month) => consumptionQueryOptions(pointId, month)),
    combine: combineMonths,
  })
  const { beginDate, endDate } = range
  const series = useMemo(() => [consumptionSeries(rows, { beginDate, endDate })], [rows, beginDate, endDate])
  return (
    <Stack gap="3" pt="2">
      <PeriodPicker period={period} />
      {months.length > MAX_CHART_MONTHS && <Text color="fg.muted">{T.chart.tooLong(MAX_CHART_MONTHS)}</Text>}
      {error !== undefined && <LoadError error={error} title={T.loadFailed} />}
      {loaded &&
        months.length <= MAX_CHART_MONTHS &&
        (series[0]!.points.every((p) => p.y === null) ? (
          <Text color="fg.muted">{T.empty}</Text>
        ) : (
          <TimeChart title="Потребление по дням" series={series} kind="bar" step={86_400_000} formatTime={(t) => formatDate(t)} yLabel="кВт·ч" />
        ))}
    </Stack>
  )
}

/** The day's closing reading; one whose advance disagrees with the day's consumption is marked and explained. */
function ReadingCell({ row }: { row: ConsumptionRow }) {
  const reading = formatQuantity(row.counter_value, 'energy')
  if (row.counter_value === null || !row.reading_mismatch) return reading
  return (
    <Text as="span" color="red.fg" title={T.readingMismatch}>
      {reading}{' '}
      <Text as="span" srOnly>
        {T.readingMismatch}
      </Text>
      <span aria-hidden>⚠</span>
    </Text>
  )
}

/** The meters of the shown days whose consumption is their energy times a ratio other than 1, each once. */
function ratiosOf(rows: ConsumptionRow[]) {
  const ratios = new Map(rows.filter((r) => r.ratio !== 1).map((r) => [r.counter_serial_num, r.ratio]))
  return [...ratios].map(([serial, ratio]) => ({ serial, ratio }))
}

function PointConsumptionTab() {
  const pointId = Number(Route.useParams().id)
  const [month, setMonth] = useState(dayjs().format('YYYY-MM'))
  const [page, setPage] = useState(1)
  const query = useQuery(consumptionQueryOptions(pointId, month))
  const today = dayjs().format('YYYY-MM-DD')
  // The days still to come have nothing to show; today's are the hours so far.
  const rows = (query.data ?? []).filter((r) => r.consumption_date <= today)
  const ratios = ratiosOf(rows)
  // A period in the URL is the chart's: a reload shows the chart again.
  const chartPeriod = Route.useSearch().period
  return (
    <Stack gap="4">
      <Tabs.Root defaultValue={chartPeriod ? 'chart' : 'table'} lazyMount>
        <Tabs.List>
          <Tabs.Trigger value="table">Таблица</Tabs.Trigger>
          <Tabs.Trigger value="chart">График</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="table">
          <Box maxW="60" mb="3">
            <MonthField
              label="Месяц"
              value={month}
              onChange={(value) => {
                setMonth(value)
                setPage(1)
              }}
            />
          </Box>
          {ratios.length > 0 && (
            <Text color="fg.muted" fontSize="sm" mb="2">
              {T.consumptionRatio(ratios)}
            </Text>
          )}
          <DataTable
            label="Потребление по дням"
            columns={[
              {
                key: 'date',
                header: 'Дата',
                render: (r) => (r.consumption_date === today ? `${formatDate(r.consumption_date)} ${T.dayInProgress}` : formatDate(r.consumption_date)),
              },
              { key: 'serial', header: 'Счётчик', render: (r) => r.counter_serial_num },
              { key: 'value', header: 'Показания счётчика, кВт·ч', render: (r) => <ReadingCell row={r} />, align: 'end' },
              { key: 'consumption', header: 'Потребление, кВт·ч', render: (r) => formatQuantity(r.consumption, 'energy'), align: 'end' },
            ]}
            rows={rows.slice((page - 1) * CONSUMPTION_PAGE_SIZE, page * CONSUMPTION_PAGE_SIZE)}
            rowKey={(r) => `${r.consumption_date}-${r.counter_serial_num}`}
            total={rows.length}
            page={page}
            perPage={CONSUMPTION_PAGE_SIZE}
            perPageOptions={[CONSUMPTION_PAGE_SIZE]}
            onPageChange={setPage}
            loading={query.isFetching}
            error={query.error}
            onRetry={() => void query.refetch()}
            emptyText={T.empty}
          />
        </Tabs.Content>
        <Tabs.Content value="chart">
          <ConsumptionChart pointId={pointId} />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  )
}
