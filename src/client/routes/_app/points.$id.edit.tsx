import { createFileRoute } from '@tanstack/react-router'
import { PointEditTab } from '../../features/points/components/point-edit-form'

export const Route = createFileRoute('/_app/points/$id/edit')({
  component: PointMainTab,
})

function PointMainTab() {
  return <PointEditTab id={Number(Route.useParams().id)} />
}
