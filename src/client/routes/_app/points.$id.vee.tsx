import { Stack } from '@chakra-ui/react'
import { createFileRoute } from '@tanstack/react-router'
import { VeeReview } from '../../features/vee/components/vee-review'

const DAY = 86_400_000
const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10)

export const Route = createFileRoute('/_app/points/$id/vee')({
  component: PointVeeTab,
})

/** The point's half-hours that need a person's look, over the last 31 days. */
function PointVeeTab() {
  const pointId = Number(Route.useParams().id)
  const today = Date.now()
  return (
    <Stack gap="3">
      <VeeReview scope={{ point_id: pointId, beg_date: isoDay(today - 30 * DAY), end_date: isoDay(today) }} />
    </Stack>
  )
}
