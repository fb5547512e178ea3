import * as v from 'valibot'
import { createFileRoute, Link } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { T } from '../../../shared/texts'
import { DataTable } from '../../components/ui/data-table'
import { PageHeader } from '../../components/ui/page-header'
import { modelApiQueryOptions, modelsQueryOptions, resourceQueryOptions } from '../../features/references/api/references'
import { ReferenceCrumbs } from '../../features/references/components/reference-crumbs'

const search = v.object({
  resource_type: v.fallback(v.optional(v.number()), undefined),
  counter_model_api: v.fallback(v.optional(v.number()), undefined),
})

export const Route = createFileRoute('/_app/counters_models')({
  validateSearch: search,
  component: ModelsPage,
})

function ModelsPage() {
  const { resource_type, counter_model_api } = Route.useSearch()
  const models = useQuery(modelsQueryOptions(resource_type ?? null, counter_model_api ?? null))
  const resource = useQuery({ ...resourceQueryOptions(resource_type ?? 0), enabled: resource_type !== undefined })
  const group = useQuery({ ...modelApiQueryOptions(counter_model_api ?? 0), enabled: counter_model_api !== undefined })
  return (
    <>
      <ReferenceCrumbs
        items={[
          { label: 'Энергоресурсы', to: '/counters_resource' },
          { label: resource.data?.name ?? 'Группы моделей', to: '/counters_models_api', search: resource_type ? { resource_type } : {} },
          { label: group.data?.name ?? 'Модели' },
        ]}
      />
      <PageHeader title="Модели счётчиков" />
      <DataTable
        label="Модели счётчиков"
        columns={[
          {
            key: 'name',
            header: 'Наименование',
            render: (m) => (
              <Link to="/counter_model_parameters" search={{ counter_model: m.model_id }}>
                {m.name}
              </Link>
            ),
          },
          { key: 'source_name', header: 'Источник', hideBelow: 'md', render: (m) => m.source_name ?? '' },
          { key: 'resource_type_name', header: 'Энергоресурс', hideBelow: 'lg' },
          { key: 'counter_model_api_name', header: 'Группа', hideBelow: 'lg' },
          { key: 'external_model', header: 'Внешняя модель' },
          { key: 'has_storage', header: 'Память', render: (m) => (m.has_storage ? 'Да' : 'Нет') },
          { key: 'counter_width', header: 'Разрядность', align: 'end', hideBelow: 'md' },
          { key: 'decimal_places', header: 'Знаков после запятой', align: 'end', hideBelow: 'md' },
          { key: 'remark', header: 'Примечание', hideBelow: 'lg' },
        ]}
        rows={models.data?.results ?? []}
        rowKey={(m) => m.model_id}
        loading={models.isFetching}
        emptyText={models.isError ? models.error.message : T.noModels}
      />
    </>
  )
}
