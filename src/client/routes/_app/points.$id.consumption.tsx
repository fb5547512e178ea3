import { useState } from 'react'
import { Box, Stack, Tabs, Text } from '@chakra-ui/react'
import { createFileRoute } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import dayjs from 'dayjs'
import { VictoryAxis, VictoryBar, VictoryChart, VictoryContainer } from 'victory'
import { CONSUMPTION_PAGE_SIZE } from '../../../shared/constants'
import type { ConsumptionRow } from '../../../shared/schemas/collection'
import { T } from '../../../shared/texts'
import { DataTable } from '../../components/ui/data-table'
import { MonthField } from '../../components/ui/date-field'
import { formatDate, formatNumber, formatQuantity } from '../../lib/format'
import { consumptionQueryOptions } from '../../features/collection/api/collection'

export const Route = createFileRoute('/_app/points/$id/consumption')({
  component: PointConsumptionTab,
})

/** The day's closing reading; one whose advance disagrees with the day's consumption is marked and explained. */
function ReadingCell({ row }: { row: ConsumptionRow }) {
  const reading = formatQuantity(row.counter_value, 'energy')
  if (row.counter_value === null || !row.reading_mismatch) return reading
  return (
    <Text as="span" color="red.fg" title={T.readingMismatch}>
      {reading} <Text as="span" srOnly>{T.readingMismatch}</Text>
      <span aria-hidden>⚠</span>
    </Text>
  )
}

function PointConsumptionTab() {
  const pointId = Number(Route.useParams().id)
  const [month, setMonth] = useState(dayjs().format('YYYY-MM'))
  const [page, setPage] = useState(1)
  const query = useQuery(consumptionQueryOptions(pointId, month))
  const rows = query.data ?? []
  return (
    <Stack gap="4">
      <Box maxW="60">
        <MonthField
          label="Месяц"
          value={month}
          onChange={(value) => {
            setMonth(value)
            setPage(1)
          }}
        />
      </Box>
      <Tabs.Root defaultValue="table" lazyMount>
        <Tabs.List>
          <Tabs.Trigger value="table">Таблица</Tabs.Trigger>
          <Tabs.Trigger value="chart">График</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="table">
          <DataTable
            label="Потребление по дням"
            columns={[
              { key: 'date', header: 'Дата', render: (r) => formatDate(r.consumption_date) },
              { key: 'serial', header: 'Счётчик', render: (r) => r.counter_serial_num },
              { key: 'value', header: 'Показания, кВт·ч', render: (r) => <ReadingCell row={r} />, align: 'end' },
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
          {rows.every((r) => r.consumption === null) ? (
            <Text color="fg.muted">{T.empty}</Text>
          ) : (
            <Box maxW="900px" role="img" aria-label="Потребление по дням месяца">
              <VictoryChart containerComponent={<VictoryContainer title="Потребление по дням месяца" />} domainPadding={8} height={300} width={800}>
                <VictoryAxis tickFormat={(d: string) => dayjs(d).format('DD')} fixLabelOverlap />
                <VictoryAxis dependentAxis tickFormat={(t: number) => formatNumber(t)} />
                <VictoryBar data={rows.filter((r) => r.consumption !== null).map((r) => ({ x: r.consumption_date, y: r.consumption! }))} style={{ data: { fill: '#3182ce' } }} />
              </VictoryChart>
            </Box>
          )}
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  )
}
