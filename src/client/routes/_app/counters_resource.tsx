import { HStack } from '@chakra-ui/react'
import { createFileRoute, Link } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { T } from '../../../shared/texts'
import { DataTable } from '../../components/ui/data-table'
import { PageHeader } from '../../components/ui/page-header'
import { resourcesQueryOptions } from '../../features/references/api/references'
import { resourceIcon } from '../../features/references/components/reference-crumbs'

export const Route = createFileRoute('/_app/counters_resource')({
  loader: ({ context }) => context.queryClient.ensureQueryData(resourcesQueryOptions),
  component: ResourcesPage,
})

function ResourcesPage() {
  const { data, isFetching, isError, error } = useQuery(resourcesQueryOptions)
  return (
    <>
      <PageHeader title="Энергоресурсы" />
      <DataTable
        label="Энергоресурсы"
        columns={[
          {
            key: 'name',
            header: 'Наименование',
            render: (r) => {
              const Icon = resourceIcon(r.resource_type_id)
              return (
                <HStack>
                  <Icon size={18} aria-hidden />
                  <Link to="/counters_models_api" search={{ resource_type: r.resource_type_id }}>
                    {r.name}
                  </Link>
                </HStack>
              )
            },
          },
        ]}
        rows={data?.results ?? []}
        rowKey={(r) => r.resource_type_id}
        loading={isFetching}
        emptyText={isError ? error.message : T.empty}
      />
    </>
  )
}
