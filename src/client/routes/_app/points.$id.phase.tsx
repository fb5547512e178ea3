import { Text } from '@chakra-ui/react'
import { createFileRoute } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { T } from '../../../shared/texts'
import { LoadError } from '../../components/ui/load-error'
import { phaseQueryOptions } from '../../features/collection/api/collection'
import { PhaseView } from '../../features/collection/components/phase-table'
import { usePointMeter } from '../../features/collection/components/use-point-meter'
import { LoadingSpinner } from '../../components/ui/loading-spinner'

export const Route = createFileRoute('/_app/points/$id/phase')({
  staticData: { permission: 'data.view' },
  component: PointPhaseTab,
})

function PointPhaseTab() {
  const { meter, isPending, error, retry } = usePointMeter(Number(Route.useParams().id))
  const phase = useQuery({ ...phaseQueryOptions(meter?.counter_id ?? 0), enabled: Boolean(meter) })
  if (isPending || (meter && phase.isPending)) return <LoadingSpinner />
  if (error) return <LoadError error={error} title={T.loadFailed} onRetry={retry} />
  if (!meter) return <Text color="fg.muted">{T.noPhaseData}</Text>
  if (phase.isError) return <LoadError error={phase.error} title={T.loadFailed} onRetry={() => void phase.refetch()} />
  return <PhaseView data={phase.data!} />
}
