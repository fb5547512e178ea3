import { Link } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { T } from '../../../../shared/texts'
import { deleteModel, modelApiQueryOptions, modelChangeKeys, modelsQueryOptions, resourceQueryOptions } from '../api/references'
import { ModelDialog } from './model-dialog'
import { ReferenceCrumbs } from './reference-crumbs'
import { ReferenceTablePage } from './reference-table-page'

/** The meter models of a group (or of an energy resource, or all): each leads to its parameters. */
export function ModelsScreen({ resourceType, modelApi }: { resourceType?: number; modelApi?: number }) {
  const resource = useQuery({ ...resourceQueryOptions(resourceType ?? 0), enabled: resourceType !== undefined })
  const group = useQuery({ ...modelApiQueryOptions(modelApi ?? 0), enabled: modelApi !== undefined })
  return (
    <>
      <ReferenceCrumbs
        items={[
          { label: 'Энергоресурсы', to: '/counters_resource' },
          { label: resource.data?.name ?? 'Группы моделей', to: '/counters_models_api', search: resourceType ? { resource_type: resourceType } : {} },
          { label: group.data?.name ?? 'Модели' },
        ]}
      />
      <ReferenceTablePage
        title="Модели счётчиков"
        query={modelsQueryOptions(resourceType ?? null, modelApi ?? null)}
        emptyText={T.noModels}
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
          // A group's models: its name and resource are in the breadcrumbs, and the row actions need the room.
          ...(modelApi === undefined
            ? [
                { key: 'resource_type_name', header: 'Энергоресурс', hideBelow: 'lg' as const },
                { key: 'counter_model_api_name', header: 'Группа', hideBelow: 'lg' as const },
              ]
            : []),
          { key: 'external_model', header: 'Внешняя модель' },
          { key: 'has_storage', header: 'Память', render: (m) => (m.has_storage ? 'Да' : 'Нет') },
          { key: 'counter_width', header: 'Разрядность', align: 'end', hideBelow: 'md' },
          { key: 'decimal_places', header: 'Знаков после запятой', align: 'end', hideBelow: 'md' },
          { key: 'remark', header: 'Примечание', hideBelow: 'lg' },
        ]}
        rowKey={(m) => m.model_id}
        rowName={(m) => m.name}
        rowKind={T.deleteWhat.model}
        staleKeys={modelChangeKeys}
        remove={deleteModel}
        dialog={(props) => (
          // The group's own resource wins over the address's, which may not match it.
          <ModelDialog {...props} resourceType={group.data?.resource_type ?? resourceType} modelApi={modelApi} />
        )}
      />
    </>
  )
}
