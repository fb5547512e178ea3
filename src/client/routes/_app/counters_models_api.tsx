import * as v from 'valibot'
import { createFileRoute } from '@tanstack/react-router'
import { optionalId } from '../../lib/list-search'
import { ModelGroupsScreen } from '../../features/references/components/model-groups-screen'

export const Route = createFileRoute('/_app/counters_models_api')({
  validateSearch: v.object({ resource_type: optionalId }),
  component: ModelGroupsPage,
})

function ModelGroupsPage() {
  const { resource_type } = Route.useSearch()
  return <ModelGroupsScreen resourceType={resource_type} />
}
