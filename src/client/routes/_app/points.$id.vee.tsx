import { createFileRoute } from '@tanstack/react-router'
import { recentScope } from '../../features/vee/api/vee'
import { VeeReview } from '../../features/vee/components/vee-review'

export const Route = createFileRoute('/_app/points/$id/vee')({
  staticData: { permission: 'data.view' },
  component: PointVeeTab,
})

/** The point's half-hours that need a person's look, over the last 31 days. */
function PointVeeTab() {
  return <VeeReview scope={recentScope({ point_id: Number(Route.useParams().id) })} />
}
