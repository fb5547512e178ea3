import { useEffect, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react'
import { Box, Flex, HStack, IconButton, NativeSelect, Table, Text } from '@chakra-ui/react'
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight } from 'lucide-react'
import { PAGE_SIZE_OPTIONS } from '../../../shared/constants'
import { T } from '../../../shared/texts'
import { LoadError } from './load-error'
import { useDelayedFlag } from './use-delayed-flag'
import { useMediaQuery } from './use-media-query'
import { CARDS_QUERY, CardsOrdering, DataCards } from './data-cards'
import { ROW_ACTION_CSS } from './row-actions'
import type { ListSearch, PageSearch } from '../../lib/list-search'
import { LoadingSpinner } from './loading-spinner'

export type Column<Row> = {
  key: string
  header: ReactNode
  render?: (row: Row) => ReactNode
  /** The `ordering` field this column sorts by. */
  sort?: string
  width?: string
  align?: 'start' | 'end' | 'center'
  /**
   * The column's priority: hidden in the table below this width (`xl`: 1280 px). Below 1024 px every list is shown
   * as cards, which show every column.
   */
  hideBelow?: 'md' | 'lg' | 'xl'
}

export type DataTableProps<Row> = {
  label: string
  columns: Column<Row>[]
  rows: Row[]
  rowKey: (row: Row) => string | number
  total?: number
  page?: number
  perPage?: number
  perPageOptions?: readonly number[]
  onPageChange?: (page: number) => void
  onPerPageChange?: (perPage: number) => void
  ordering?: string
  onOrderingChange?: (ordering: string) => void
  loading?: boolean
  /** The list's data failed to load: said in place of the rows (above them when older rows are still shown), never the empty text. */
  error?: unknown
  onRetry?: () => void
  emptyText?: ReactNode
  onRowClick?: (row: Row) => void
  actions?: (row: Row) => ReactNode
}

/** What a list screen hands a feature's table (`useListScreen`'s `table`): its rows, paging, sorting, loading and error. */
export type ListTableProps<Row> = Pick<
  DataTableProps<Row>,
  'rows' | 'total' | 'page' | 'perPage' | 'onPageChange' | 'onPerPageChange' | 'ordering' | 'onOrderingChange' | 'loading' | 'error' | 'onRetry'
>

function SortIcon({ state }: { state: 'asc' | 'desc' | null }) {
  if (state === 'asc') return <ArrowUp size={14} aria-hidden />
  if (state === 'desc') return <ArrowDown size={14} aria-hidden />
  return <ArrowUpDown size={14} aria-hidden opacity={0.4} />
}

const BODY = '& > tbody > tr'
/**
 * The body's rows, cells and row actions, styled once for the whole table: what the table recipe gives its
 * `Table.Row` and `Table.Cell` (size sm, variant line) and a ghost `IconButton` of size sm gives a row action.
 * Columns hidden on narrow screens are hidden here too, head and body alike.
 */
const TABLE_CSS = {
  [BODY]: { bg: 'bg' },
  [`${BODY}[data-clickable]`]: { cursor: 'pointer' },
  [`${BODY} > td`]: { textAlign: 'start', px: '1.5', py: '2', borderBottomWidth: '1px' },
  [`${BODY} > td[data-align=center]`]: { textAlign: 'center' },
  [`${BODY} > td[data-align=end]`]: { textAlign: 'end' },
  // Values and headers wrap between words, and a value's word is cut only when it is longer than its column: a date
  // or a number stays whole. Headers, and then the values of the widest columns, are cut anywhere only in a table
  // that could not fit its box otherwise (`useCutToFit`), so that it does not scroll sideways.
  [`& > * > tr > :is(td, th)`]: { whiteSpace: 'normal', overflowWrap: 'break-word' },
  [`& > thead > tr > th`]: { px: '1.5' },
  [`&[data-cut-headers] > thead > tr > th`]: { overflowWrap: 'anywhere' },
  [`${BODY} > td[data-cut], ${BODY} > td[data-cut] *`]: { overflowWrap: 'anywhere' },
  '& tr > [data-hide-below=md]': { display: { base: 'none', md: 'table-cell' } },
  '& tr > [data-hide-below=lg]': { display: { base: 'none', lg: 'table-cell' } },
  '& tr > [data-hide-below=xl]': { display: { base: 'none', xl: 'table-cell' } },
  // The row's actions stay in view at the right edge whatever the other columns need.
  '& tr > [data-actions]': { position: 'sticky', insetEnd: '0', bg: 'bg', whiteSpace: 'nowrap', overflowWrap: 'normal', zIndex: '1' },
  '& .data-table-actions': { display: 'flex', gap: '1', justifyContent: 'flex-end' },
  '& .data-table-action': ROW_ACTION_CSS,
} as const

/**
 * Lets the table's headers be cut inside a word (`data-cut-headers`) only when, with whole words, the table is wider
 * than its box: a screen narrower than the console is made for, or values with long words. Still wider, the values of
 * the columns wider than a third of the box are cut too (`data-cut` on their cells): a name or a number with no space
 * in 200 characters, which no width fits, while the dates and numbers of the other columns stay whole. Checked after
 * each render (other rows, other columns) and each resize of the window.
 */
function useCutToFit(table: RefObject<HTMLTableElement | null>) {
  useLayoutEffect(() => {
    if (table.current) cutIfWider(table.current)
  })
  useEffect(() => {
    const refit = () => table.current && cutIfWider(table.current)
    window.addEventListener('resize', refit)
    return () => window.removeEventListener('resize', refit)
  }, [table])
}

function cutIfWider(table: HTMLTableElement) {
  const box = table.parentElement!
  const wider = () => box.scrollWidth > box.clientWidth
  table.removeAttribute('data-cut-headers')
  for (const cell of table.querySelectorAll('td[data-cut]')) cell.removeAttribute('data-cut')
  if (!wider()) return
  table.setAttribute('data-cut-headers', '')
  if (!wider()) return
  const wide = [...table.querySelectorAll<HTMLTableCellElement>(':scope > tbody > tr > td:not([data-actions])')].filter(
    (cell) => cell.getBoundingClientRect().width > box.clientWidth / 3,
  )
  for (const cell of wide) cell.setAttribute('data-cut', '')
  // Those values may have been all that was too wide: then the headers stay whole.
  table.removeAttribute('data-cut-headers')
  if (wider()) table.setAttribute('data-cut-headers', '')
}

/** The paged, sortable table every list of the console uses (25 rows by default, 25 and 50 offered). */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { columns, rows, total = rows.length, page = 1, perPage = rows.length || 25 } = props
  const showSpinner = useDelayedFlag(Boolean(props.loading))
  const cards = useMediaQuery(CARDS_QUERY)
  const table = useRef<HTMLTableElement>(null)
  useCutToFit(table)
  const cell = (column: Column<Row>, row: Row) => (column.render ? column.render(row) : String((row as Record<string, unknown>)[column.key] ?? ''))
  const pages = Math.max(1, Math.ceil(total / perPage))
  const first = total === 0 ? 0 : (page - 1) * perPage + 1
  const last = Math.min(total, page * perPage)

  const toggleSort = (field: string) => {
    if (!props.onOrderingChange) return
    props.onOrderingChange(props.ordering === field ? `-${field}` : props.ordering === `-${field}` ? '' : field)
  }

  return (
    <Box bg="bg" borderWidth="1px" borderRadius="md" position="relative">
      {showSpinner && (
        <Flex position="absolute" inset="0" bg="bg/60" align="center" justify="center" zIndex="1" aria-live="polite">
          <LoadingSpinner size="lg" />
        </Flex>
      )}
      {Boolean(props.error) && (
        <Box p="3">
          <LoadError error={props.error} onRetry={props.onRetry} />
        </Box>
      )}
      {Boolean(props.error) && rows.length === 0 ? null : cards ? (
        <Box css={{ '& .data-table-action': ROW_ACTION_CSS }}>
          {props.onOrderingChange && rows.length > 1 && <CardsOrdering columns={columns} ordering={props.ordering} onChange={props.onOrderingChange} />}
          <DataCards
            label={props.label}
            columns={columns}
            rows={rows}
            rowKey={props.rowKey}
            onRowClick={props.onRowClick}
            actions={props.actions}
            cell={cell}
          />
        </Box>
      ) : (
        // Focusable so that a table still wider than its box can be scrolled with the keyboard.
        <Table.ScrollArea tabIndex={0} aria-label={props.label}>
          <Table.Root ref={table} size="sm" interactive={Boolean(props.onRowClick)} stickyHeader aria-label={props.label} css={TABLE_CSS}>
            <Table.Header>
              <Table.Row>
                {columns.map((column) => {
                  const state = props.ordering === column.sort ? 'asc' : props.ordering === `-${column.sort}` ? 'desc' : null
                  return (
                    <Table.ColumnHeader
                      key={column.key}
                      width={column.width}
                      textAlign={column.align}
                      data-hide-below={column.hideBelow}
                      aria-sort={state === 'asc' ? 'ascending' : state === 'desc' ? 'descending' : undefined}
                    >
                      {column.sort && props.onOrderingChange ? (
                        <HStack as="button" gap="1" onClick={() => toggleSort(column.sort!)} cursor="pointer" fontWeight="semibold" minH="8">
                          <span>{column.header}</span>
                          <SortIcon state={state} />
                        </HStack>
                      ) : (
                        column.header
                      )}
                    </Table.ColumnHeader>
                  )
                })}
                {props.actions && (
                  <Table.ColumnHeader textAlign="end" data-actions="">
                    {T.rowActions}
                  </Table.ColumnHeader>
                )}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((row) => (
                // Plain rows and cells styled once by the table's `css` (TABLE_CSS): a long list renders no Chakra
                // component per cell, which kept the first render of a list screen busy for a quarter of a second.
                <tr
                  key={props.rowKey(row)}
                  onClick={props.onRowClick ? () => props.onRowClick!(row) : undefined}
                  data-clickable={props.onRowClick ? '' : undefined}
                  tabIndex={props.onRowClick ? 0 : undefined}
                  onKeyDown={props.onRowClick ? (e) => e.key === 'Enter' && e.target === e.currentTarget && props.onRowClick!(row) : undefined}
                >
                  {columns.map((column) => (
                    <td key={column.key} data-align={column.align} data-hide-below={column.hideBelow}>
                      {cell(column, row)}
                    </td>
                  ))}
                  {props.actions && (
                    <td data-align="end" data-actions="" onClick={(e) => e.stopPropagation()}>
                      <div className="data-table-actions">{props.actions(row)}</div>
                    </td>
                  )}
                </tr>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      {rows.length === 0 && !props.loading && !props.error && (
        <Text p="6" textAlign="center" color="fg.muted">
          {props.emptyText ?? T.empty}
        </Text>
      )}
      {/* An empty list has no pages: «0–0 из 0 … 1 / 1» under «ничего не найдено» said nothing more. */}
      {props.onPageChange && total > 0 && (
        <Flex px="3" py="2" gap="3" align="center" justify="space-between" borderTopWidth="1px" wrap="wrap">
          <Text fontSize="sm" color="fg.muted">
            {first}–{last} из {total}
          </Text>
          <HStack gap="2">
            {props.onPerPageChange && (
              <NativeSelect.Root size="sm" width="auto">
                <NativeSelect.Field aria-label="Строк на странице" value={perPage} onChange={(e) => props.onPerPageChange!(Number(e.target.value))}>
                  {(props.perPageOptions ?? PAGE_SIZE_OPTIONS).map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            )}
            <IconButton size="sm" variant="outline" aria-label="Предыдущая страница" disabled={page <= 1} onClick={() => props.onPageChange!(page - 1)}>
              <ChevronLeft />
            </IconButton>
            <Text fontSize="sm" minW="16" textAlign="center">
              {page} / {pages}
            </Text>
            <IconButton size="sm" variant="outline" aria-label="Следующая страница" disabled={page >= pages} onClick={() => props.onPageChange!(page + 1)}>
              <ChevronRight />
            </IconButton>
          </HStack>
        </Flex>
      )}
    </Box>
  )
}

/** What a list screen's query hands its table: the answer, and whether it is loading or failed. */
type ListQuery = { data: { count: number } | undefined; isFetching: boolean; error: unknown; refetch: () => unknown }

/**
 * The paging, sorting, loading and error props of a list whose state lives in the URL search (`lib/list-search`);
 * sorting only for a search that has an `ordering`.
 */
export function listPaging(search: PageSearch & { ordering?: string }, setSearch: (patch: Partial<ListSearch>) => void, query: ListQuery) {
  return {
    total: query.data?.count ?? 0,
    page: search.page,
    perPage: search.per_page,
    onPageChange: (page: number) => setSearch({ page }),
    onPerPageChange: (per_page: number) => setSearch({ per_page, page: 1 }),
    ordering: search.ordering,
    onOrderingChange: search.ordering === undefined ? undefined : (ordering: string) => setSearch({ ordering }),
    loading: query.isFetching,
    error: query.error,
    onRetry: () => void query.refetch(),
  }
}
