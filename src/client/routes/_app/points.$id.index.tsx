import { createFileRoute, redirect } from '@tanstack/react-router'

/** /points/{id} opens the point on its "Основное" tab. */
export const Route = createFileRoute('/_app/points/$id/')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/points/$id/edit', params, replace: true })
  },
})
