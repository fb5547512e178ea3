import { createFileRoute } from '@tanstack/react-router'
import { T } from '../../../shared/texts'
import { dataParametersQueryOptions, deleteDataParameter } from '../../features/references/api/references'
import { DataParameterDialog } from '../../features/references/components/data-parameter-dialog'
import { ReferenceTablePage } from '../../features/references/components/reference-table-page'

export const Route = createFileRoute('/_app/data_params')({
  loader: ({ context }) => context.queryClient.ensureQueryData(dataParametersQueryOptions),
  component: DataParametersPage,
})

function DataParametersPage() {
  return (
    <ReferenceTablePage
      title="Измеряемые параметры"
      query={dataParametersQueryOptions}
      columns={[
        { key: 'name', header: 'Наименование' },
        { key: 'resource_type', header: 'Энергоресурс', render: (p) => p.resource_type_id.name },
        { key: 'measurement', header: 'Единица', hideBelow: 'md' },
        { key: 'remark', header: 'Примечание', hideBelow: 'lg' },
      ]}
      rowKey={(p) => p.parameter_id}
      rowName={(p) => p.name}
      rowKind={T.deleteWhat.parameter}
      remove={deleteDataParameter}
      dialog={(props) => <DataParameterDialog {...props} />}
    />
  )
}
