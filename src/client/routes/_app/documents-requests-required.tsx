import { useState } from 'react'
import { Link as ChakraLink, Text } from '@chakra-ui/react'
import { createFileRoute } from '@tanstack/react-router'
import { Download } from 'lucide-react'
import type { RequiredFile } from '../../../shared/schemas/requests'
import { downloadFile } from '../../lib/api-client'
import { listSearch } from '../../lib/list-search'
import { DataTable } from '../../components/ui/data-table'
import { ListHeader } from '../../components/ui/list-header'
import { useListScreen } from '../../components/ui/list-screen'
import { listLoader, listRoute } from '../../lib/list-route'
import { EditAction } from '../../components/ui/row-actions'
import { notify } from '../../components/ui/notify'
import { requiredFilesQueryOptions } from '../../features/requests/api/request-types'
import { RequiredFileDialog } from '../../features/requests/components/required-file-dialog'

export const Route = createFileRoute('/_app/documents-requests-required')({
  staticData: { permission: 'request_types.manage' },
  ...listRoute(listSearch),
  loader: listLoader(requiredFilesQueryOptions),
  component: RequiredFilesPage,
})

function SampleLink({ file }: { file: RequiredFile }) {
  const sample = file.doc_required_file_example
  if (!sample) return <Text color="fg.muted">—</Text>
  return (
    <ChakraLink
      as="button"
      color="blue.fg"
      minH="6"
      onClick={() => void downloadFile(`/api/download/${sample.file_name}`).catch(notify.error)}
      aria-label={`Скачать образец ${sample.real_file_name}`}
    >
      <Download size={14} aria-hidden /> {sample.real_file_name}
    </ChakraLink>
  )
}

function RequiredFilesPage() {
  const list = useListScreen(Route, requiredFilesQueryOptions)
  const [editing, setEditing] = useState<RequiredFile | 'new' | null>(null)

  return (
    <>
      <ListHeader title="Требуемые файлы" onAdd={() => setEditing('new')} />
      <DataTable
        label="Требуемые файлы"
        columns={[
          { key: 'doc_required_file_name', header: 'Наименование документа' },
          { key: 'sample', header: 'Образец', render: (f) => <SampleLink file={f} /> },
        ]}
        rowKey={(f) => f.doc_required_file_id}
        {...list.table}
        actions={(f) => <EditAction name={f.doc_required_file_name} onClick={() => setEditing(f)} />}
      />
      {editing !== null && <RequiredFileDialog file={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onDone={() => void list.refresh()} />}
    </>
  )
}
