import * as v from 'valibot'
import { createFileRoute } from '@tanstack/react-router'
import { optionalId } from '../../lib/list-search'
import { ModelsScreen } from '../../features/references/components/models-screen'

export const Route = createFileRoute('/_app/counters_models')({
  validateSearch: v.object({ resource_type: optionalId, counter_model_api: optionalId }),
  component: ModelsPage,
})

function ModelsPage() {
  const { resource_type, counter_model_api } = Route.useSearch()
  return <ModelsScreen resourceType={resource_type} modelApi={counter_model_api} />
}
