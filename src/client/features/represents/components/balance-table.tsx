import { Box, Table, Text } from '@chakra-ui/react'
import type { BalanceHeader, BalanceItem } from '../../../../shared/schemas/represents'
import { T } from '../../../../shared/texts'

const cellFormat = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 5 })

type BalanceTableProps = { label: string; headers: BalanceHeader[]; items: BalanceItem[]; total?: BalanceItem; formatTime: (time: string) => string }

/**
 * Headers and rows of a balance answer as a table: a missing cell reads "—", a cell short of some half-hours
 * is marked with an asterisk, so a gap never passes for a zero; an imbalance beyond the allowed one is red.
 * The period's total, when given, is the last row.
 */
export function BalanceTable({ label, headers, items, total, formatTime }: BalanceTableProps) {
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
            <BalanceRow key={item.time} headers={headers} item={item} time={formatTime(item.time)} />
          ))}
          {total && <BalanceRow headers={headers} item={total} time={T.balanceTotal} bold />}
        </Table.Body>
      </Table.Root>
    </Box>
  )
}

function BalanceRow({ headers, item, time, bold }: { headers: BalanceHeader[]; item: BalanceItem; time: string; bold?: boolean }) {
  return (
    <Table.Row fontWeight={bold ? 'semibold' : undefined}>
      {headers.map((h) => {
        if (h.key === 'time')
          return (
            <Table.Cell key={h.key} whiteSpace="nowrap">
              {time}
            </Table.Cell>
          )
        const value = item.values[h.key]
        const partial = item.missing.includes(h.key)
        const flagged = item.flagged?.includes(h.key) ?? false
        const title = [flagged ? T.imbalanceRowExceeded : null, partial ? T.incompleteData : null].filter(Boolean).join('. ')
        return (
          <Table.Cell
            key={h.key}
            textAlign="end"
            color={flagged ? 'red.fg' : partial ? 'orange.fg' : undefined}
            bg={flagged ? 'red.subtle' : undefined}
            title={title || undefined}
            data-flagged={flagged || undefined}
          >
            {value === null || value === undefined ? '—' : cellFormat.format(value)}
            {partial && value !== null ? '*' : ''}
          </Table.Cell>
        )
      })}
    </Table.Row>
  )
}
