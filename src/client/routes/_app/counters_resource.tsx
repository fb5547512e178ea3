import { HStack } from '@chakra-ui/react'
import { createFileRoute, Link } from '@tanstack/react-router'
import { T } from '../../../shared/texts'
import { deleteResourceType, referenceKeys, resourcesQueryOptions } from '../../features/references/api/references'
import { resourceIcon } from '../../features/references/components/reference-crumbs'
import { ReferenceTablePage } from '../../features/references/components/reference-table-page'
import { ResourceTypeDialog } from '../../features/references/components/resource-type-dialog'

export const Route = createFileRoute('/_app/counters_resource')({
  loader: ({ context }) => context.queryClient.ensureQueryData(resourcesQueryOptions),
  component: ResourcesPage,
})

function ResourcesPage() {
  return (
    <ReferenceTablePage
      title="Энергоресурсы"
      query={resourcesQueryOptions}
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
      rowKey={(r) => r.resource_type_id}
      rowName={(r) => r.name}
      rowKind={T.deleteWhat.resourceType}
      // Groups and models show their resource's name.
      staleKeys={[referenceKeys.modelApiLists, referenceKeys.modelLists]}
      remove={deleteResourceType}
      dialog={(props) => <ResourceTypeDialog {...props} />}
    />
  )
}
