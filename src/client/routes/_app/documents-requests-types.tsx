import { useState } from 'react'
import { Button, IconButton } from '@chakra-ui/react'
import { createFileRoute } from '@tanstack/react-router'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Pencil, Plus } from 'lucide-react'
import type { DocumentType } from '../../../shared/schemas/requests'
import { T } from '../../../shared/texts'
import { listSearch } from '../../lib/list-search'
import { DataTable, listPaging } from '../../components/ui/data-table'
import { PageHeader } from '../../components/ui/page-header'
import { notify } from '../../components/ui/notify'
import { requestTypeKeys, requestTypesQueryOptions } from '../../features/requests/api/request-types'
import { RequestTypeDialog } from '../../features/requests/components/request-type-dialog'

export const Route = createFileRoute('/_app/documents-requests-types')({
  validateSearch: listSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(requestTypesQueryOptions(deps)),
  component: RequestTypesPage,
})

function RequestTypesPage() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const list = useQuery(requestTypesQueryOptions(search))
  const { data } = list
  const queryClient = useQueryClient()
  const [editing, setEditing] = useState<DocumentType | 'new' | null>(null)
  const setSearch = (patch: Partial<typeof search>) => navigate({ search: (prev) => ({ ...prev, ...patch }) })

  return (
    <>
      <PageHeader
        title="Типы заявок"
        actions={
          <Button colorPalette="blue" onClick={() => setEditing('new')}>
            <Plus size={16} aria-hidden /> Добавить
          </Button>
        }
      />
      <DataTable
        label="Типы заявок"
        columns={[
          { key: 'doc_type_name', header: 'Наименование' },
          { key: 'customer_type_name', header: 'Тип абонента', hideBelow: 'md' },
          { key: 'expired_in_days', header: 'Срок ответа, дней', align: 'end' },
          { key: 'required_files', header: 'Требуемые файлы', render: (t) => t.required_files.map((f) => f.short_file_name).join(', ') || '—', hideBelow: 'lg' },
        ]}
        rows={data?.results ?? []}
        rowKey={(t) => t.doc_type_id}
        {...listPaging(search, setSearch, list)}
        onRowClick={(t) => setEditing(t)}
        actions={(t) => (
          <IconButton size="sm" variant="ghost" aria-label={`Изменить ${t.doc_type_name}`} onClick={() => setEditing(t)}>
            <Pencil />
          </IconButton>
        )}
      />
      {editing !== null && (
        <RequestTypeDialog
          type={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onDone={() => {
            notify.success(T.saved)
            void queryClient.invalidateQueries({ queryKey: requestTypeKeys.types })
          }}
        />
      )}
    </>
  )
}
