import * as v from 'valibot'
import { createFileRoute } from '@tanstack/react-router'
import { optionalId } from '../../lib/list-search'
import { useQuery } from '@tanstack/react-query'
import { DataTable } from '../../components/ui/data-table'
import { PageHeader } from '../../components/ui/page-header'
import { modelParametersQueryOptions, modelQueryOptions } from '../../features/references/api/references'
import { ReferenceCrumbs } from '../../features/references/components/reference-crumbs'

export const Route = createFileRoute('/_app/counter_model_parameters')({
  validateSearch: v.object({ counter_model: optionalId }),
  component: ModelParametersPage,
})

function ModelParametersPage() {
  const { counter_model } = Route.useSearch()
  const id = counter_model ?? 0
  const model = useQuery({ ...modelQueryOptions(id), enabled: id > 0 })
  const parameters = useQuery({ ...modelParametersQueryOptions(id), enabled: id > 0 })
  const m = model.data
  return (
    <>
      <ReferenceCrumbs
        items={[
          { label: m?.resource_type_name ?? 'Энергоресурсы', to: '/counters_models_api', search: m ? { resource_type: m.resource_type } : {} },
          {
            label: m?.counter_model_api_name ?? 'Группа',
            to: '/counters_models',
            search: m ? { resource_type: m.resource_type, counter_model_api: m.counter_model_api } : {},
          },
          { label: m?.name ?? 'Модель' },
        ]}
      />
      <PageHeader title={m ? `Параметры модели ${m.name}` : 'Параметры модели'} />
      <DataTable
        label="Параметры модели"
        columns={[
          { key: 'parameter_name', header: 'Параметр' },
          { key: 'parameter__task_group_name', header: 'Группа параметров' },
          { key: 'measurement', header: 'Единица', hideBelow: 'md' },
        ]}
        rows={parameters.data?.results ?? []}
        rowKey={(p) => p.model_parameter_id}
        loading={parameters.isFetching}
        error={parameters.error}
        onRetry={() => void parameters.refetch()}
      />
    </>
  )
}
