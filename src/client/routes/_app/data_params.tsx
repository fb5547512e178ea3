import { createFileRoute } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { dataParametersQueryOptions, deleteDataParameter, referenceKeys } from '../../features/references/api/references'
import { DataParameterDialog } from '../../features/references/components/data-parameter-dialog'
import { ReferenceTablePage } from '../../features/references/components/reference-table-page'

export const Route = createFileRoute('/_app/data_params')({
  loader: ({ context }) => context.queryClient.ensureQueryData(dataParametersQueryOptions),
  component: DataParametersPage,
})

function DataParametersPage() {
  const parameters = useQuery(dataParametersQueryOptions)
  return (
    <ReferenceTablePage
      title="Измеряемые параметры"
      rows={parameters.data?.results}
      loading={parameters.isFetching}
      error={parameters.error}
      columns={[
        { key: 'name', header: 'Наименование' },
        { key: 'resource_type', header: 'Энергоресурс', render: (p) => p.resource_type_id.name },
        { key: 'measurement', header: 'Единица', hideBelow: 'md' },
        { key: 'remark', header: 'Примечание', hideBelow: 'lg' },
      ]}
      rowKey={(p) => p.parameter_id}
      rowName={(p) => p.name}
      queryKey={referenceKeys.dataParameters}
      remove={(p) => deleteDataParameter(p.parameter_id)}
      dialog={(editing, close, done) => <DataParameterDialog key={editing === 'new' ? 'new' : editing?.parameter_id} parameter={editing} onClose={close} onDone={done} />}
    />
  )
}
