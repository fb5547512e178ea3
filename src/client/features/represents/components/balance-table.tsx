import { Box, Table, Text } from '@chakra-ui/react'
import type { BalanceHeader, BalanceItem } from '../../../../shared/schemas/represents'
import { formatFixed, roundingDigits } from '../../../../shared/format'
import { T } from '../../../../shared/texts'

/** A column a point on a tablet held upright: smaller type and padding, so that an object's points fit its width. */
const COMPACT_BELOW_LG = { '& th, & td': { fontSize: { base: 'xs', lg: 'sm' }, paddingInline: { base: '1.5', lg: '2.5' } } }

/** The time column stays in view; under the sticky header, above the other cells. */
const STICKY_TIME = { position: 'sticky', left: 0, zIndex: 0 } as const

type BalanceTableProps = {
  label: string
  /** A balance answer: its headers, its rows and, for a profile, the period's total. */
  table: { headers: BalanceHeader[]; items: BalanceItem[]; total?: BalanceItem }
  /** The object's rounding: every cell shows its decimals, percents two whatever it is (as the server rounds them). */
  roundVal: string
  formatTime: (time: string) => string
}

/** The decimals of each column: its values are rounded to them, and shown with all of them so the column lines up. */
const columnDigits = (headers: BalanceHeader[], roundVal: string) => headers.map((h) => (h.unit === '%' ? 2 : roundingDigits(roundVal)))

/**
 * Headers and rows of a balance answer as a table: a missing cell reads "—", a cell short of some half-hours
 * is marked with an asterisk, so a gap never passes for a zero; an imbalance beyond the allowed one is red.
 * The period's total, when given, is the last row.
 */
export function BalanceTable({ label, table: { headers, items, total }, roundVal, formatTime }: BalanceTableProps) {
  const digits = columnDigits(headers, roundVal)
  if (items.length === 0) return <Text color="fg.muted">{T.empty}</Text>
  return (
    // A column per point: an object with more points than the width holds scrolls inside this box (the page does not),
    // its time column staying in view; the box takes the keyboard's arrows.
    <Box overflow="auto" maxH="70vh" borderWidth="1px" borderRadius="md" bg="bg" tabIndex={0} aria-label={label} data-wide-grid>
      <Table.Root size="sm" stickyHeader aria-label={label} css={COMPACT_BELOW_LG}>
        <Table.Header>
          <Table.Row>
            {headers.map((h) => (
              <Table.ColumnHeader
                key={h.key}
                textAlign={h.key === 'time' ? 'start' : 'end'}
                verticalAlign="bottom"
                {...(h.key === 'time' ? { ...STICKY_TIME, zIndex: 1, bg: 'bg' } : {})}
              >
                {h.unit ? `${h.title}, ${h.unit}` : h.title}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {items.map((item) => (
            <BalanceRow key={item.time} headers={headers} digits={digits} item={item} time={formatTime(item.time)} />
          ))}
          {total && <BalanceRow headers={headers} digits={digits} item={total} time={T.balanceTotal} bold />}
        </Table.Body>
      </Table.Root>
    </Box>
  )
}

function BalanceRow({ headers, digits, item, time, bold }: { headers: BalanceHeader[]; digits: number[]; item: BalanceItem; time: string; bold?: boolean }) {
  return (
    <Table.Row fontWeight={bold ? 'semibold' : undefined}>
      {headers.map((h, column) => {
        if (h.key === 'time')
          return (
            // On a tablet the date goes over the time, not beside it.
            <Table.Cell key={h.key} whiteSpace={{ base: 'normal', lg: 'nowrap' }} minW={{ base: '20', lg: 'auto' }} bg="bg" {...STICKY_TIME}>
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
            {formatFixed(value, digits[column]!)}
            {partial && value !== null ? '*' : ''}
          </Table.Cell>
        )
      })}
    </Table.Row>
  )
}
