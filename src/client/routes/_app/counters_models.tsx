import * as v from 'valibot'
import { createFileRoute } from '@tanstack/react-router'
import { ModelsScreen } from '../../features/references/components/models-screen'

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
  return <ModelsScreen resourceType={resource_type} modelApi={counter_model_api} />
}
