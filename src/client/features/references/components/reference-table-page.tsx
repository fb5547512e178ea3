import { useState, type ReactNode } from 'react'
import { Button, IconButton } from '@chakra-ui/react'
import { partialMatchKey, useQueryClient, type QueryKey } from '@tanstack/react-query'
import { Pencil, Plus, Trash2 } from 'lucide-react'
import { T } from '../../../../shared/texts'
import { DataTable, type Column } from '../../../components/ui/data-table'
import { PageHeader } from '../../../components/ui/page-header'
import { useConfirm } from '../../../components/ui/confirm-dialog'
import { useRowsPage } from '../../../components/ui/use-rows-page'
import { notify } from '../../../components/ui/notify'
import { useCan } from '../../../lib/auth'

type Props<Row> = {
  title: string
  rows: Row[] | undefined
  loading: boolean
  error: Error | null
  columns: Column<Row>[]
  rowKey: (row: Row) => number
  rowName: (row: Row) => string
  queryKey: QueryKey
  /** Other queries a change makes stale (another list that shows the row's name). */
  staleKeys?: readonly QueryKey[]
  /** What the empty table says; the spec's 'Нет данных для отображения' unless given. */
  emptyText?: string
  remove: (row: Row) => Promise<unknown>
  dialog: (editing: Row | 'new' | null, close: () => void, done: () => void) => ReactNode
}

/**
 * An editable reference book: the table, add, edit and delete (confirmed), for resource types, model groups, models,
 * data sources and parameters. The buttons are there for those with the right to change references only.
 */
export function ReferenceTablePage<Row>(props: Props<Row>) {
  const can = useCan()
  const confirm = useConfirm()
  const queryClient = useQueryClient()
  const [editing, setEditing] = useState<Row | 'new' | null>(null)
  const shown = useRowsPage(props.rows ?? [])
  const stale = [props.queryKey, ...(props.staleKeys ?? [])]
  const refresh = () => queryClient.invalidateQueries({ predicate: (query) => stale.some((key) => partialMatchKey(query.queryKey, key)) })
  const remove = async (row: Row) => {
    if (!(await confirm({ message: T.confirmDeleteRow, confirmLabel: 'Удалить' }))) return
    try {
      await props.remove(row)
      notify.success(T.deleted)
      await refresh()
    } catch (error) {
      notify.error(error)
    }
  }
  const editable = can('references.change')
  return (
    <>
      <PageHeader
        title={props.title}
        actions={
          editable && (
            <Button colorPalette="blue" onClick={() => setEditing('new')}>
              <Plus size={16} aria-hidden /> Добавить
            </Button>
          )
        }
      />
      <DataTable
        label={props.title}
        columns={props.columns}
        rows={shown.rows}
        {...shown.paging}
        rowKey={props.rowKey}
        loading={props.loading}
        error={props.error}
        onRetry={() => void refresh()}
        emptyText={props.emptyText ?? T.empty}
        actions={
          editable
            ? (row) => (
                <>
                  <IconButton size="sm" variant="ghost" aria-label={`Изменить ${props.rowName(row)}`} onClick={() => setEditing(row)}>
                    <Pencil />
                  </IconButton>
                  <IconButton size="sm" variant="ghost" colorPalette="red" aria-label={`Удалить ${props.rowName(row)}`} onClick={() => void remove(row)}>
                    <Trash2 />
                  </IconButton>
                </>
              )
            : undefined
        }
      />
      {/* Mounted while open only: a closed dialog need not load its choices. */}
      {editing !== null && props.dialog(editing, () => setEditing(null), () => void refresh())}
    </>
  )
}
