import { useState } from 'react'
import { createFileRoute } from '@tanstack/react-router'
import type { DocumentType } from '../../../shared/schemas/requests'
import { listSearch } from '../../lib/list-search'
import { DataTable } from '../../components/ui/data-table'
import { ListHeader } from '../../components/ui/list-header'
import { useListScreen } from '../../components/ui/list-screen'
import { listLoader, listRoute } from '../../lib/list-route'
import { EditAction } from '../../components/ui/row-actions'
import { requestTypesQueryOptions } from '../../features/requests/api/request-types'
import { RequestTypeDialog } from '../../features/requests/components/request-type-dialog'

export const Route = createFileRoute('/_app/documents-requests-types')({
  staticData: { permission: 'request_types.manage' },
  ...listRoute(listSearch),
  loader: listLoader(requestTypesQueryOptions),
  component: RequestTypesPage,
})

function RequestTypesPage() {
  const list = useListScreen(Route, requestTypesQueryOptions)
  const [editing, setEditing] = useState<DocumentType | 'new' | null>(null)

  return (
    <>
      <ListHeader title="Типы заявок" onAdd={() => setEditing('new')} />
      <DataTable
        label="Типы заявок"
        columns={[
          { key: 'doc_type_name', header: 'Наименование' },
          { key: 'customer_type_name', header: 'Тип абонента', hideBelow: 'md' },
          { key: 'expired_in_days', header: 'Срок ответа, дней', align: 'end' },
          {
            key: 'required_files',
            header: 'Требуемые файлы',
            render: (t) => t.required_files.map((f) => f.short_file_name).join(', ') || '—',
            hideBelow: 'lg',
          },
        ]}
        rowKey={(t) => t.doc_type_id}
        {...list.table}
        onRowClick={(t) => setEditing(t)}
        actions={(t) => <EditAction name={t.doc_type_name} onClick={() => setEditing(t)} />}
      />
      {editing !== null && <RequestTypeDialog type={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onDone={() => void list.refresh()} />}
    </>
  )
}
