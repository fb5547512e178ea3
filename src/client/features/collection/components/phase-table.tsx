import { Stack, Table, Text, Wrap } from '@chakra-ui/react'
import type { PhaseData } from '../../../../shared/schemas/collection'
import { T } from '../../../../shared/texts'
import { formatDateTime, formatInUnit } from '../../../lib/format'
import { TableHead } from '../../../components/ui/table-head'
import { VectorDiagram } from './vector-diagram'

const PHASE_COLUMNS = ['Фаза A', 'Фаза B', 'Фаза C', 'Сумма']

/** Phases A, B, C and the sum, with the vector diagram; the spec's text when the meter gave no phase values. */
export function PhaseView({ data }: { data: PhaseData }) {
  if (data.values.length === 0) return <Text color="fg.muted">{T.noPhaseData}</Text>
  return (
    <Stack gap="3">
      <Text color="fg.muted">Данные на {formatDateTime(data.values_date)}</Text>
      <Wrap gap="6" align="flex-start">
        <Table.Root size="sm" width="auto" aria-label="Значения по фазам">
          <TableHead columns={['Величина', ...PHASE_COLUMNS, 'Ед.']} end={PHASE_COLUMNS} />
          <Table.Body>
            {data.values.map((row) => (
              <Table.Row key={row.name}>
                <Table.Cell>{row.name}</Table.Cell>
                <Table.Cell textAlign="end">{formatInUnit(row.v1, row.measure)}</Table.Cell>
                <Table.Cell textAlign="end">{formatInUnit(row.v2, row.measure)}</Table.Cell>
                <Table.Cell textAlign="end">{formatInUnit(row.v3, row.measure)}</Table.Cell>
                <Table.Cell textAlign="end">{formatInUnit(row.v4, row.measure)}</Table.Cell>
                <Table.Cell>{row.measure}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
        <VectorDiagram rows={data.values} />
      </Wrap>
    </Stack>
  )
}
