import { Fragment, useState, type ReactNode } from 'react'
import { useQuery, useQueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query'
import { DataTable, type Column } from '../../../components/ui/data-table'
import { ListHeader } from '../../../components/ui/list-header'
import { DeleteAction, EditAction } from '../../../components/ui/row-actions'
import { useConfirmedDelete } from '../../../components/ui/use-confirmed-write'
import { useRowsPage } from '../../../components/ui/use-rows-page'
import { useCan } from '../../../lib/auth'
import { useDeleteWrite } from '../../../lib/writes'
import type { ReferenceDialogProps } from './reference-dialog'

type Props<TAnswer extends { results: unknown[] }, TKey extends QueryKey, Row = TAnswer['results'][number]> = {
  title: string
  /** The book's rows, read whole: the query refreshed, with `staleKeys`, after a change. */
  query: UseQueryOptions<TAnswer, Error, TAnswer, TKey>
  columns: Column<Row>[]
  rowKey: (row: Row) => number
  rowName: (row: Row) => string
  /** What a delete's title calls a row (`T.deleteWhat`). */
  rowKind: string
  /** Other queries a change makes stale (another list that shows the row's name). */
  staleKeys?: readonly QueryKey[]
  /** What the empty table says; the spec's 'Нет данных для отображения' unless given. */
  emptyText?: string
  /** Deletes the row of this id (`rowKey`). */
  remove: (id: number) => Promise<unknown>
  dialog: (props: ReferenceDialogProps<Row>) => ReactNode
}

/**
 * An editable reference book: the table, add, edit and delete (confirmed), for resource types, model groups, models,
 * data sources and parameters. The buttons are there for those with the right to change references only.
 */
export function ReferenceTablePage<TAnswer extends { results: unknown[] }, TKey extends QueryKey, Row = TAnswer['results'][number]>(
  props: Props<TAnswer, TKey, Row>,
) {
  const can = useCan()
  const queryClient = useQueryClient()
  const query = useQuery(props.query)
  const [editing, setEditing] = useState<Row | 'new' | null>(null)
  const shown = useRowsPage((query.data?.results ?? []) as Row[])
  const stale = [props.query.queryKey, ...(props.staleKeys ?? [])]
  const refresh = () => stale.forEach((queryKey) => void queryClient.invalidateQueries({ queryKey }))
  const deleteById = useDeleteWrite(props.remove, stale)
  const remove = useConfirmedDelete({ mutateAsync: (row: Row) => deleteById.mutateAsync(props.rowKey(row)) }, props.rowKind, props.rowName)
  const editable = can('references.change')
  return (
    <>
      <ListHeader title={props.title} onAdd={editable ? () => setEditing('new') : undefined} />
      <DataTable
        label={props.title}
        columns={props.columns}
        rows={shown.rows}
        {...shown.paging}
        rowKey={props.rowKey}
        loading={query.isFetching}
        error={query.error}
        onRetry={refresh}
        emptyText={props.emptyText}
        actions={
          editable
            ? (row) => (
                <>
                  <EditAction name={props.rowName(row)} onClick={() => setEditing(row)} />
                  <DeleteAction name={props.rowName(row)} onClick={() => remove(row)} />
                </>
              )
            : undefined
        }
      />
      {/* Mounted while open only: a closed dialog need not load its choices; each row's dialog starts afresh. */}
      {editing !== null && (
        <Fragment key={editing === 'new' ? 'new' : props.rowKey(editing)}>
          {props.dialog({ row: editing === 'new' ? null : editing, onClose: () => setEditing(null), onDone: refresh })}
        </Fragment>
      )}
    </>
  )
}
