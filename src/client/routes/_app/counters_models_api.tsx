import * as v from 'valibot'
import { createFileRoute } from '@tanstack/react-router'
import { ModelGroupsScreen } from '../../features/references/components/model-groups-screen'

const search = v.object({ resource_type: v.fallback(v.optional(v.number()), undefined) })

export const Route = createFileRoute('/_app/counters_models_api')({
  validateSearch: search,
  component: ModelGroupsPage,
})

function ModelGroupsPage() {
  const { resource_type } = Route.useSearch()
  return <ModelGroupsScreen resourceType={resource_type} />
}
