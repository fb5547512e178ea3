import { useState } from 'react'
import { Button, HStack, Switch } from '@chakra-ui/react'
import { createFileRoute } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { Archive, ArchiveRestore, Columns3 } from 'lucide-react'
import type { DocumentRequest } from '../../../shared/schemas/requests'
import { T } from '../../../shared/texts'
import { DataTable } from '../../components/ui/data-table'
import { PageHeader } from '../../components/ui/page-header'
import { useListScreen } from '../../components/ui/list-screen'
import { listRoute } from '../../lib/list-route'
import { RowAction } from '../../components/ui/row-actions'
import { useConfirmedWrite } from '../../components/ui/use-confirmed-write'
import { notify } from '../../components/ui/notify'
import { useCan } from '../../lib/auth'
import { requestsQueryOptions, statusesQueryOptions, useToggleArchive } from '../../features/requests/api/requests'
import { requestsSearch } from '../../features/requests/api/requests-search'
import { ColumnsDialog } from '../../features/requests/components/columns-dialog'
import { useColumnSettings } from '../../lib/column-settings'
import { REQUEST_COLUMNS, REQUESTS_TABLE } from '../../features/requests/components/request-columns'

export const Route = createFileRoute('/_app/documents-requests/')({
  ...listRoute(requestsSearch),
  loader: ({ context, deps }) =>
    Promise.all([context.queryClient.ensureQueryData(requestsQueryOptions(deps)), context.queryClient.ensureQueryData(statusesQueryOptions())]),
  component: RequestsPage,
})

function RequestsPage() {
  const list = useListScreen(Route, requestsQueryOptions)
  const { search, setSearch } = list
  const navigate = Route.useNavigate()
  const statuses = useQuery(statusesQueryOptions()).data ?? []
  const can = useCan()
  const [columns, setColumns] = useColumnSettings(REQUESTS_TABLE, () => notify.info(T.tableSettingsReset))
  const [choosingColumns, setChoosingColumns] = useState(false)
  const toggleArchive = useConfirmedWrite(useToggleArchive(), {
    ask: (r: DocumentRequest) => (r.archived ? null : { message: T.confirmArchive, confirmLabel: T.toArchive }),
    done: (r) => (r.archived ? T.unarchived : T.archived),
  })

  const chip = (label: string, status: number | undefined) => (
    <Button
      key={label}
      size="sm"
      borderRadius="full"
      variant={search.status === status ? 'solid' : 'outline'}
      aria-pressed={search.status === status}
      onClick={() => setSearch({ status, page: 1 })}
    >
      {label}
    </Button>
  )

  return (
    <>
      <PageHeader
        title="Входящие заявки"
        actions={
          <>
            <Switch.Root checked={search.archived} onCheckedChange={(e) => setSearch({ archived: e.checked, page: 1 })}>
              <Switch.HiddenInput />
              <Switch.Control />
              <Switch.Label>Архив</Switch.Label>
            </Switch.Root>
            <Button variant="outline" onClick={() => setChoosingColumns(true)}>
              <Columns3 size={16} aria-hidden /> Столбцы
            </Button>
          </>
        }
      />
      <HStack gap="2" mb="3" wrap="wrap" role="group" aria-label="Фильтр по статусу">
        {chip('Все', undefined)}
        {statuses.map((s) => chip(s.doc_status_name, s.doc_status_id))}
      </HStack>
      <DataTable
        label={search.archived ? 'Архив заявок' : 'Входящие заявки'}
        columns={REQUEST_COLUMNS.filter((c) => columns.includes(c.key))}
        rowKey={(r) => r.doc_request_id}
        {...list.table}
        // The list refreshes in the background every 10 s: only a change of page or filter shows the spinner.
        loading={list.query.isPlaceholderData}
        onRowClick={(r) => void navigate({ to: '/documents-requests/$id', params: { id: r.doc_request_id } })}
        actions={
          can('requests.change')
            ? (r) => (
                <RowAction label={`${r.archived ? 'Вернуть из архива' : 'В архив'} заявку ${r.request_number}`} onClick={() => toggleArchive(r)}>
                  {r.archived ? <ArchiveRestore /> : <Archive />}
                </RowAction>
              )
            : undefined
        }
      />
      {choosingColumns && <ColumnsDialog open columns={REQUEST_COLUMNS} visible={columns} onClose={() => setChoosingColumns(false)} onSave={setColumns} />}
    </>
  )
}
