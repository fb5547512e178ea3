import type { ReactNode } from 'react'
import { Box, NativeSelect } from '@chakra-ui/react'
import { T } from '../../../shared/texts'
import type { Column } from './data-table'

/** Below this width a list shows its rows as cards: a tablet held upright has no room for a table's columns. */
export const CARDS_QUERY = '(max-width: 63.99em)'

const CARDS_CSS = {
  '& > [role=row]': { display: 'block', px: '3', py: '3', borderBottomWidth: '1px', bg: 'bg' },
  '& > [role=row][data-clickable]': { cursor: 'pointer' },
  '& > [role=row] > [role=cell]:not(.data-table-actions)': {
    display: 'grid',
    gridTemplateColumns: 'minmax(7rem, 35%) minmax(0, 1fr)',
    columnGap: '3',
    py: '0.5',
  },
  '& .data-cards-label': { color: 'fg.muted', fontSize: 'sm' },
  // A value's word longer than its line (a name without spaces) is cut: on the value and everything inside it, since
  // the global `break-word` of a link that is a box of its own (on touch screens, below) keeps the word whole in the
  // link's width and pushes the card past the screen's edge.
  '& [role=cell] > :last-child, & [role=cell] > :last-child *': { overflowWrap: 'anywhere' },
  '& .data-table-actions': { display: 'flex', flexWrap: 'wrap', gap: '2', mt: '2', justifyContent: 'flex-start' },
  // A card's link (a point's, a model's name) is the way into it: a finger's size on touch screens, not a line of text,
  // its text on its label's line.
  '@media (pointer: coarse)': {
    '& [role=cell]:not(.data-table-actions) a': { display: 'inline-flex', alignItems: 'flex-start', minHeight: '11', minWidth: '11' },
  },
} as const

type DataCardsProps<Row> = {
  label: string
  columns: Column<Row>[]
  rows: Row[]
  rowKey: (row: Row) => string | number
  onRowClick?: (row: Row) => void
  actions?: (row: Row) => ReactNode
  cell: (column: Column<Row>, row: Row) => ReactNode
}

/**
 * The rows of a list as cards: every column as a labelled line, the row's actions below them. Still a table to
 * assistive technology (rows, cells, a header row read but not shown), the same one the wide screen shows.
 */
export function DataCards<Row>({ label, columns, rows, rowKey, onRowClick, actions, cell }: DataCardsProps<Row>) {
  return (
    <Box role="table" aria-label={label} css={CARDS_CSS}>
      <Box role="row" srOnly>
        {columns.map((column) => (
          <span key={column.key} role="columnheader">
            {column.header}
          </span>
        ))}
        {actions && <span role="columnheader">{T.rowActions}</span>}
      </Box>
      {rows.map((row) => (
        <div
          key={rowKey(row)}
          role="row"
          onClick={onRowClick ? () => onRowClick(row) : undefined}
          data-clickable={onRowClick ? '' : undefined}
          tabIndex={onRowClick ? 0 : undefined}
          onKeyDown={onRowClick ? (e) => e.key === 'Enter' && e.target === e.currentTarget && onRowClick(row) : undefined}
        >
          {columns.map((column) => (
            <div key={column.key} role="cell">
              <span className="data-cards-label" aria-hidden>
                {column.header}
              </span>
              <div>{cell(column, row)}</div>
            </div>
          ))}
          {actions && (
            <div role="cell" className="data-table-actions" onClick={(e) => e.stopPropagation()}>
              {actions(row)}
            </div>
          )}
        </div>
      ))}
    </Box>
  )
}

/** The cards' stand-in for the table's sortable headers: one choice of the column and direction. */
export function CardsOrdering<Row>({ columns, ordering, onChange }: { columns: Column<Row>[]; ordering?: string; onChange: (ordering: string) => void }) {
  const sortable = columns.filter((column) => column.sort)
  if (sortable.length === 0) return null
  return (
    <Box px="3" py="2" borderBottomWidth="1px">
      <NativeSelect.Root size="md" width="auto">
        <NativeSelect.Field aria-label={T.sortBy} value={ordering ?? ''} onChange={(e) => onChange(e.target.value)}>
          <option value="">{T.sortDefault}</option>
          {sortable.flatMap((column) => [
            <option key={column.sort} value={column.sort}>
              {typeof column.header === 'string' ? column.header : column.key} ↑
            </option>,
            <option key={`-${column.sort}`} value={`-${column.sort}`}>
              {typeof column.header === 'string' ? column.header : column.key} ↓
            </option>,
          ])}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Box>
  )
}
