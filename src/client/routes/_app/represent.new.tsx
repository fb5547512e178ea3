import { createFileRoute } from '@tanstack/react-router'
import { CreateRepresentForm } from '../../features/represents/components/create-form'

export const Route = createFileRoute('/_app/represent/new')({
  staticData: { permission: 'represents.change' },
  component: () => <CreateRepresentForm parentId={null} />,
})
