import { createFileRoute } from '@tanstack/react-router'
import { T } from '../../../shared/texts'
import { dataSourcesQueryOptions, deleteDataSource } from '../../features/references/api/references'
import { DataSourceDialog } from '../../features/references/components/data-source-dialog'
import { ReferenceTablePage } from '../../features/references/components/reference-table-page'

export const Route = createFileRoute('/_app/data_sources')({
  loader: ({ context }) => context.queryClient.ensureQueryData(dataSourcesQueryOptions),
  component: DataSourcesPage,
})

function DataSourcesPage() {
  return (
    <ReferenceTablePage
      title="Источники данных"
      query={dataSourcesQueryOptions}
      columns={[
        { key: 'name', header: 'Наименование' },
        { key: 'remark', header: 'Примечание', hideBelow: 'md' },
      ]}
      rowKey={(s) => s.source_id}
      rowName={(s) => s.name}
      rowKind={T.deleteWhat.source}
      remove={deleteDataSource}
      dialog={(props) => <DataSourceDialog {...props} />}
    />
  )
}
