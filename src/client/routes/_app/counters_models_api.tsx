import * as v from 'valibot'
import { createFileRoute, Link } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { T } from '../../../shared/texts'
import { DataTable } from '../../components/ui/data-table'
import { PageHeader } from '../../components/ui/page-header'
import { modelApisQueryOptions, resourceQueryOptions } from '../../features/references/api/references'
import { ReferenceCrumbs } from '../../features/references/components/reference-crumbs'

const search = v.object({ resource_type: v.fallback(v.optional(v.number()), undefined) })

export const Route = createFileRoute('/_app/counters_models_api')({
  validateSearch: search,
  component: ModelGroupsPage,
})

function ModelGroupsPage() {
  const { resource_type } = Route.useSearch()
  const groups = useQuery(modelApisQueryOptions(resource_type ?? null))
  const resource = useQuery({ ...resourceQueryOptions(resource_type ?? 0), enabled: resource_type !== undefined })
  return (
    <>
      <ReferenceCrumbs items={[{ label: 'Энергоресурсы', to: '/counters_resource' }, { label: resource.data?.name ?? 'Группы моделей' }]} />
      <PageHeader title="Группы моделей счётчиков" />
      <DataTable
        label="Группы моделей счётчиков"
        columns={[
          {
            key: 'name',
            header: 'Наименование',
            render: (g) => (
              <Link to="/counters_models" search={{ resource_type: g.resource_type, counter_model_api: g.counter_model_api_id }}>
                {g.name}
              </Link>
            ),
          },
          { key: 'resource_type_name', header: 'Энергоресурс', hideBelow: 'md' },
          { key: 'driver', header: 'Протокол' },
        ]}
        rows={groups.data?.results ?? []}
        rowKey={(g) => g.counter_model_api_id}
        loading={groups.isFetching}
        emptyText={groups.isError ? groups.error.message : T.empty}
      />
    </>
  )
}
