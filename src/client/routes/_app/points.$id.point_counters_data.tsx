import { Heading, Stack } from '@chakra-ui/react'
import { createFileRoute } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { T } from '../../../shared/texts'
import { DataTable } from '../../components/ui/data-table'
import { formatDate, formatDateTime, formatInUnit } from '../../lib/format'
import { accumulatedQueryOptions } from '../../features/collection/api/collection'

export const Route = createFileRoute('/_app/points/$id/point_counters_data')({
  staticData: { permission: 'data.view' },
  component: PointCountersData,
})

/** Accumulated readings of the point's meters at the start of today and at 0:30. */
function PointCountersData() {
  const query = useQuery(accumulatedQueryOptions(Number(Route.useParams().id)))
  return (
    <Stack gap="3">
      <Heading as="h2" size="lg">
        Показания счётчиков {query.data ? `на ${formatDate(query.data.date)}` : ''}
      </Heading>
      <DataTable
        label="Показания нарастающим итогом"
        columns={[
          { key: 'serial', header: 'Счётчик', render: (r) => r.counter_serial_num },
          { key: 'parameter', header: 'Параметр', render: (r) => `${r.parameter_name}, ${r.measurement}` },
          { key: 'start', header: 'Начало суток', render: (r) => formatInUnit(r.day_start, r.measurement), align: 'end' },
          { key: 'start_date', header: 'Снято', render: (r) => formatDateTime(r.day_start_date), hideBelow: 'md' },
          { key: 'half', header: '0:30', render: (r) => formatInUnit(r.half_past, r.measurement), align: 'end' },
          { key: 'half_date', header: 'Снято', render: (r) => formatDateTime(r.half_past_date), hideBelow: 'md' },
        ]}
        rows={query.data?.results ?? []}
        rowKey={(r) => `${r.counter_id}-${r.parameter_name}`}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        emptyText={T.empty}
      />
    </Stack>
  )
}
