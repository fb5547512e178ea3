import { useState } from 'react'
import { Button, HStack, IconButton, Switch } from '@chakra-ui/react'
import { createFileRoute } from '@tanstack/react-router'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Archive, ArchiveRestore, Columns3 } from 'lucide-react'
import type { DocumentRequest } from '../../../shared/schemas/requests'
import { T } from '../../../shared/texts'
import { DataTable } from '../../components/ui/data-table'
import { PageHeader } from '../../components/ui/page-header'
import { useConfirm } from '../../components/ui/confirm-dialog'
import { notify } from '../../components/ui/notify'
import { useCan } from '../../lib/auth'
import { requestCheckKey } from '../../features/requests/api/check'
import { requestAction, requestKeys, requestsQueryOptions, statusesQueryOptions } from '../../features/requests/api/requests'
import { requestsSearch } from '../../features/requests/api/requests-search'
import { ColumnsDialog } from '../../features/requests/components/columns-dialog'
import { useColumnSettings } from '../../lib/column-settings'
import { REQUEST_COLUMNS, REQUESTS_TABLE } from '../../features/requests/components/request-columns'

export const Route = createFileRoute('/_app/documents-requests/')({
  validateSearch: requestsSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    Promise.all([context.queryClient.ensureQueryData(requestsQueryOptions(deps)), context.queryClient.ensureQueryData(statusesQueryOptions())]),
  component: RequestsPage,
})

function RequestsPage() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  // The list refreshes in the background every 10 s: only a change of page or filter shows the spinner.
  const { data, isPlaceholderData, error, refetch } = useQuery(requestsQueryOptions(search))
  const statuses = useQuery(statusesQueryOptions()).data ?? []
  const queryClient = useQueryClient()
  const can = useCan()
  const confirm = useConfirm()
  const [columns, setColumns] = useColumnSettings(REQUESTS_TABLE, () => notify.info(T.tableSettingsReset))
  const [choosingColumns, setChoosingColumns] = useState(false)
  const setSearch = (patch: Partial<typeof search>) => navigate({ search: (prev) => ({ ...prev, ...patch }) })

  const toggleArchive = async (r: DocumentRequest) => {
    if (!r.archived && !(await confirm({ message: T.confirmArchive, confirmLabel: 'В архив' }))) return
    try {
      await requestAction(r.doc_request_id, r.archived ? 'unarchive' : 'archive')
      notify.success(r.archived ? 'Заявка возвращена из архива' : 'Заявка отправлена в архив')
      await Promise.all([queryClient.invalidateQueries({ queryKey: requestKeys.all }), queryClient.invalidateQueries({ queryKey: requestCheckKey })])
    } catch (error) {
      notify.error(error)
    }
  }

  const chip = (label: string, status: number | undefined) => (
    <Button key={label} size="sm" borderRadius="full" variant={search.status === status ? 'solid' : 'outline'} aria-pressed={search.status === status} onClick={() => setSearch({ status, page: 1 })}>
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
        rows={data?.results ?? []}
        rowKey={(r) => r.doc_request_id}
        total={data?.count ?? 0}
        page={search.page}
        perPage={search.per_page}
        onPageChange={(page) => setSearch({ page })}
        onPerPageChange={(per_page) => setSearch({ per_page, page: 1 })}
        loading={isPlaceholderData}
        error={error}
        onRetry={() => void refetch()}
        onRowClick={(r) => void navigate({ to: '/documents-requests/$id', params: { id: r.doc_request_id } })}
        actions={
          can('requests.change')
            ? (r) => (
                <IconButton
                  size="sm"
                  variant="ghost"
                  aria-label={`${r.archived ? 'Вернуть из архива' : 'В архив'} заявку ${r.request_number}`}
                  onClick={() => void toggleArchive(r)}
                >
                  {r.archived ? <ArchiveRestore /> : <Archive />}
                </IconButton>
              )
            : undefined
        }
      />
      {choosingColumns && <ColumnsDialog open columns={REQUEST_COLUMNS} visible={columns} onClose={() => setChoosingColumns(false)} onSave={setColumns} />}
    </>
  )
}
