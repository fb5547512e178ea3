import { Heading, Stack, Table, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { CLOCK_DRIFT_LIMIT_S } from '../../../../shared/meter-clock'
import { T } from '../../../../shared/texts'
import { formatDateTime } from '../../../lib/format'
import { driftingMetersQueryOptions } from '../api/meter-clock'
import { TableHead } from '../../../components/ui/table-head'

/** Monitoring's list of meters whose clocks are off by more than the limit; absent when there are none. */
export function DriftingMeters({ refreshMs }: { refreshMs: number | false }) {
  const meters = useQuery(driftingMetersQueryOptions(refreshMs))
  if (!meters.data || meters.data.length === 0) return null
  return (
    <Stack gap="2" mt="6">
      <Heading as="h2" size="md">
        {T.driftingMetersTitle}
      </Heading>
      <Text color="fg.muted">{T.driftingMetersLimit(CLOCK_DRIFT_LIMIT_S)}</Text>
      <Table.Root size="sm" aria-label={T.driftingMetersTitle}>
        <TableHead
          columns={[T.driftingColumns.meter, T.driftingColumns.point, T.driftingColumns.drift, T.driftingColumns.readAt]}
          end={[T.driftingColumns.drift]}
        />
        <Table.Body>
          {meters.data.map((m) => (
            <Table.Row key={m.counter_id}>
              <Table.Cell>{m.serial_num}</Table.Cell>
              <Table.Cell>{m.point_name ?? '—'}</Table.Cell>
              <Table.Cell textAlign="end">
                <Text as="span" color="red.600">
                  {m.drift_s > 0 ? `+${m.drift_s}` : m.drift_s}
                </Text>
              </Table.Cell>
              <Table.Cell>{formatDateTime(m.read_at)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Stack>
  )
}
