import { createFileRoute } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import * as v from 'valibot'
import { idValue } from '../../../shared/schemas/common'
import { representQueryOptions } from '../../features/represents/api/represents'
import { CreateRepresentForm } from '../../features/represents/components/create-form'

export const Route = createFileRoute('/_app/represent/$parentId/new')({
  staticData: { permission: 'represents.change' },
  params: { parse: ({ parentId }) => ({ parentId: v.parse(idValue(), parentId) }), stringify: ({ parentId }) => ({ parentId: String(parentId) }) },
  loader: ({ context, params }) => context.queryClient.ensureQueryData(representQueryOptions(params.parentId)),
  component: NewChildPage,
})

function NewChildPage() {
  const { parentId } = Route.useParams()
  const { data: parent } = useSuspenseQuery(representQueryOptions(parentId))
  return <CreateRepresentForm parentId={parentId} parentName={parent.name} />
}
