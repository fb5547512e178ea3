import { Link } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { T } from '../../../../shared/texts'
import { deleteModelApi, modelApiChangeKeys, modelApisQueryOptions, resourceQueryOptions } from '../api/references'
import { ModelGroupDialog } from './model-group-dialog'
import { ReferenceCrumbs } from './reference-crumbs'
import { ReferenceTablePage } from './reference-table-page'

/** The meter model groups of an energy resource (all groups without one): each leads to its models. */
export function ModelGroupsScreen({ resourceType }: { resourceType?: number }) {
  const resource = useQuery({ ...resourceQueryOptions(resourceType ?? 0), enabled: resourceType !== undefined })
  return (
    <>
      <ReferenceCrumbs items={[{ label: 'Энергоресурсы', to: '/counters_resource' }, { label: resource.data?.name ?? 'Группы моделей' }]} />
      <ReferenceTablePage
        title="Группы моделей счётчиков"
        query={modelApisQueryOptions(resourceType ?? null)}
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
        rowKey={(g) => g.counter_model_api_id}
        rowName={(g) => g.name}
        rowKind={T.deleteWhat.modelGroup}
        staleKeys={modelApiChangeKeys}
        remove={deleteModelApi}
        dialog={(props) => <ModelGroupDialog {...props} resourceType={resourceType} />}
      />
    </>
  )
}
