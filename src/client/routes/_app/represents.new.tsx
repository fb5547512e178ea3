import { createFileRoute } from '@tanstack/react-router'
import { CreateRepresentForm } from '../../features/represents/components/create-form'

/** «Добавить объект» of the side menu (metering.md section 2): a top-level object; /represent/new is the same form. */
export const Route = createFileRoute('/_app/represents/new')({
  staticData: { permission: 'represents.change' },
  component: () => <CreateRepresentForm parentId={null} />,
})
