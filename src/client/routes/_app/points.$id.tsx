import { useEffect } from 'react'
import { Box, Button, Heading, HStack, IconButton, Skeleton } from '@chakra-ui/react'
import { createFileRoute, Outlet, useLocation, useRouter } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { ArrowLeft } from 'lucide-react'
import type { Permission } from '../../../shared/permissions'
import { T } from '../../../shared/texts'
import { LoadError } from '../../components/ui/load-error'
import { pointQueryOptions } from '../../features/points/api/points'
import { useCan } from '../../lib/auth'

/**
 * Tabs of a point; the schedule, consumption, readings, phase and profile tabs are routes of the data-collection area.
 * Each names the right its data asks the server for (beside this screen's points.view), as its route's staticData
 * does: a user without it is not offered the tab.
 */
const TABS: { path: string; label: string; permission?: Permission }[] = [
  { path: 'edit', label: 'Основное' },
  { path: 'counters', label: 'Счётчики' },
  { path: 'scheduler', label: 'Расписание', permission: 'tasks.view' },
  { path: 'consumption', label: 'Потребление', permission: 'data.view' },
  { path: 'point_counters_data', label: 'Показания 0:00 и 0:30', permission: 'data.view' },
  { path: 'phase', label: 'Фазы', permission: 'data.view' },
  { path: 'profile', label: 'Профиль', permission: 'data.view' },
  { path: 'vee', label: 'Проверка', permission: 'data.view' },
]

export const Route = createFileRoute('/_app/points/$id')({
  staticData: { permission: 'points.view' },
  component: PointLayout,
})

function PointLayout() {
  const { id } = Route.useParams()
  const router = useRouter()
  const point = useQuery(pointQueryOptions(Number(id)))
  const { pathname } = useLocation()
  const serverId = point.data?.point_id
  // A point created on the device, open under its temporary id, moves to the id the server gave it.
  useEffect(() => {
    if (serverId !== undefined && serverId !== Number(id)) router.history.replace(pathname.replace(`/points/${id}`, `/points/${serverId}`))
  }, [serverId, id, pathname, router])
  return (
    <>
      <HStack gap="3" mb="3" wrap="wrap">
        <IconButton variant="outline" size="sm" aria-label="Назад к списку точек учёта" onClick={() => void router.navigate({ to: '/points' })}>
          <ArrowLeft />
        </IconButton>
        {point.data ? (
          <Heading as="h1" size="xl">
            {point.data.name}
          </Heading>
        ) : (
          point.isPending && <Skeleton height="8" width="64" />
        )}
      </HStack>
      {point.isError ? <LoadError error={point.error} title={T.loadFailed} onRetry={() => void point.refetch()} /> : <PointTabs id={id} />}
    </>
  )
}

/** The point's tabs and the open one; only for a point that loaded or is loading. */
function PointTabs({ id }: { id: string }) {
  const router = useRouter()
  const { pathname } = useLocation()
  const can = useCan()
  const tabs = TABS.filter((tab) => !tab.permission || can(tab.permission))
  const active = tabs.find((tab) => pathname.endsWith(`/${tab.path}`))?.path
  return (
    <>
      {/* The tabs wrap rather than scroll sideways: nine of them are wider than a tablet held upright. */}
      <HStack as="nav" aria-label="Разделы точки учёта" gap="1" mb="4" borderBottomWidth="1px" wrap="wrap">
        {tabs.map((tab) => (
          <Button
            key={tab.path}
            variant="ghost"
            size="sm"
            borderRadius="0"
            borderBottomWidth="2px"
            borderBottomColor={active === tab.path ? 'blue.500' : 'transparent'}
            aria-current={active === tab.path ? 'page' : undefined}
            // Plain history navigation: the other area's tab routes are not known to this file's types.
            onClick={() => router.history.push(`/points/${id}/${tab.path}`)}
          >
            {tab.label}
          </Button>
        ))}
      </HStack>
      <Box>
        <Outlet />
      </Box>
    </>
  )
}
