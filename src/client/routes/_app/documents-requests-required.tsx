import { useState } from 'react'
import { Button, IconButton, Link as ChakraLink, Text } from '@chakra-ui/react'
import { createFileRoute } from '@tanstack/react-router'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Download, Pencil, Plus } from 'lucide-react'
import type { RequiredFile } from '../../../shared/schemas/requests'
import { T } from '../../../shared/texts'
import { downloadFile } from '../../lib/api-client'
import { listSearch } from '../../lib/list-search'
import { DataTable, listPaging } from '../../components/ui/data-table'
import { PageHeader } from '../../components/ui/page-header'
import { notify } from '../../components/ui/notify'
import { requestTypeKeys, requiredFilesQueryOptions } from '../../features/requests/api/request-types'
import { RequiredFileDialog } from '../../features/requests/components/required-file-dialog'

export const Route = createFileRoute('/_app/documents-requests-required')({
  validateSearch: listSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(requiredFilesQueryOptions(deps)),
  component: RequiredFilesPage,
})

function SampleLink({ file }: { file: RequiredFile }) {
  const sample = file.doc_required_file_example
  if (!sample) return <Text color="fg.muted">—</Text>
  return (
    <ChakraLink as="button" color="blue.fg" minH="6" onClick={() => void downloadFile(`/api/download/${sample.file_name}`).catch(notify.error)} aria-label={`Скачать образец ${sample.real_file_name}`}>
      <Download size={14} aria-hidden /> {sample.real_file_name}
    </ChakraLink>
  )
}

function RequiredFilesPage() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const list = useQuery(requiredFilesQueryOptions(search))
  const { data } = list
  const queryClient = useQueryClient()
  const [editing, setEditing] = useState<RequiredFile | 'new' | null>(null)
  const setSearch = (patch: Partial<typeof search>) => navigate({ search: (prev) => ({ ...prev, ...patch }) })

  return (
    <>
      <PageHeader
        title="Требуемые файлы"
        actions={
          <Button colorPalette="blue" onClick={() => setEditing('new')}>
            <Plus size={16} aria-hidden /> Добавить
          </Button>
        }
      />
      <DataTable
        label="Требуемые файлы"
        columns={[
          { key: 'doc_required_file_name', header: 'Наименование документа' },
          { key: 'sample', header: 'Образец', render: (f) => <SampleLink file={f} /> },
        ]}
        rows={data?.results ?? []}
        rowKey={(f) => f.doc_required_file_id}
        {...listPaging(search, setSearch, list)}
        actions={(f) => (
          <IconButton size="sm" variant="ghost" aria-label={`Изменить ${f.doc_required_file_name}`} onClick={() => setEditing(f)}>
            <Pencil />
          </IconButton>
        )}
      />
      {editing !== null && (
        <RequiredFileDialog
          file={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onDone={() => {
            notify.success(T.saved)
            void queryClient.invalidateQueries({ queryKey: requestTypeKeys.files })
          }}
        />
      )}
    </>
  )
}
