import { Box, Table, Text } from '@chakra-ui/react'
import type { BalanceHeader, BalanceItem } from '../../../../shared/schemas/represents'
import { T } from '../../../../shared/texts'

const cellFormat = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 5 })

/**
 * Headers and rows of a balance answer as a table: a missing cell reads "—", a cell short of some half-hours
 * is marked with an asterisk, so a gap never passes for a zero.
 */
export function BalanceTable({ label, headers, items, formatTime }: { label: string; headers: BalanceHeader[]; items: BalanceItem[]; formatTime: (time: string) => string }) {
  if (items.length === 0) return <Text color="fg.muted">{T.empty}</Text>
  return (
    <Box overflow="auto" maxH="70vh" borderWidth="1px" borderRadius="md" bg="bg">
      <Table.Root size="sm" stickyHeader aria-label={label}>
        <Table.Header>
          <Table.Row>
            {headers.map((h) => (
              <Table.ColumnHeader key={h.key} textAlign={h.key === 'time' ? 'start' : 'end'} whiteSpace="nowrap">
                {h.unit ? `${h.title}, ${h.unit}` : h.title}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {items.map((item) => (
            <Table.Row key={item.time}>
              {headers.map((h) => {
                if (h.key === 'time') return <Table.Cell key={h.key} whiteSpace="nowrap">{formatTime(item.time)}</Table.Cell>
                const value = item.values[h.key]
                const partial = item.missing.includes(h.key)
                return (
                  <Table.Cell key={h.key} textAlign="end" color={partial ? 'orange.fg' : undefined} title={partial ? 'Неполные данные' : undefined}>
                    {value === null || value === undefined ? '—' : cellFormat.format(value)}
                    {partial && value !== null ? '*' : ''}
                  </Table.Cell>
                )
              })}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  )
}
