import { Badge, Button, HStack, Tabs } from '@chakra-ui/react'
import { createFileRoute, Link } from '@tanstack/react-router'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { Plus } from 'lucide-react'
import * as v from 'valibot'
import { PROFILE_INTERVALS, PROFILE_INTERVAL_DEFAULT, type ProfileInterval } from '../../../shared/constants'
import { idValue } from '../../../shared/schemas/common'
import { periodSearchEntries } from '../../components/charts/period'
import { PageHeader } from '../../components/ui/page-header'
import { useCan } from '../../lib/auth'
import { representHealthQueryOptions, representQueryOptions } from '../../features/represents/api/represents'
import { CounterValuesTab } from '../../features/represents/components/counter-values-tab'
import { PointsTab } from '../../features/represents/components/points-tab'
import { ChartTab, TableTab } from '../../features/represents/components/profile-tabs'
import { SettingsTab } from '../../features/represents/components/settings-tab'
import { recentScope } from '../../features/vee/api/vee'
import { VeeReview } from '../../features/vee/components/vee-review'
import { T } from '../../../shared/texts'

const TABS = { chart: 'График', table: 'Таблица', values: 'Показания', review: 'Проверка', settings: 'Настройки', points: 'Точки учёта' } as const
type Tab = keyof typeof TABS

const search = v.object({
  tab: v.optional(v.fallback(v.picklist(Object.keys(TABS) as Tab[]), 'chart'), 'chart'),
  interval: v.optional(
    v.fallback(
      v.pipe(
        v.number(),
        v.check((n) => (PROFILE_INTERVALS as readonly number[]).includes(n)),
      ),
      PROFILE_INTERVAL_DEFAULT,
    ),
    PROFILE_INTERVAL_DEFAULT,
  ),
  ...periodSearchEntries,
})

export const Route = createFileRoute('/_app/represents/$representId')({
  staticData: { permission: 'represents.view' },
  params: {
    parse: ({ representId }) => ({ representId: v.parse(idValue(), representId) }),
    stringify: ({ representId }) => ({ representId: String(representId) }),
  },
  validateSearch: search,
  loader: ({ context, params }) => context.queryClient.ensureQueryData(representQueryOptions(params.representId)),
  component: RepresentPage,
})

function RepresentPage() {
  const { representId } = Route.useParams()
  const { tab, interval } = Route.useSearch()
  const navigate = Route.useNavigate()
  const can = useCan()
  const { data: represent } = useSuspenseQuery(representQueryOptions(representId))
  const health = useQuery({ ...representHealthQueryOptions(), enabled: represent.check_health })
  const healthy = health.data?.[String(representId)]
  const canChange = can('represents.change')
  const setInterval = (next: ProfileInterval) => void navigate({ search: (prev) => ({ ...prev, interval: next }), replace: true })

  return (
    <>
      <PageHeader
        title={
          <HStack gap="3">
            <span>{represent.name}</span>
            {represent.check_health && healthy !== undefined && <Badge colorPalette={healthy ? 'green' : 'red'}>{healthy ? T.healthOk : T.healthLost}</Badge>}
          </HStack>
        }
        actions={
          canChange && (
            <Button asChild variant="ghost" colorPalette="blue">
              <Link to="/represent/$parentId/new" params={{ parentId: representId }}>
                <Plus size={16} aria-hidden /> Добавить вложенный объект
              </Link>
            </Button>
          )
        }
      />
      <Tabs.Root
        value={tab}
        onValueChange={(e) => void navigate({ search: (prev) => ({ ...prev, tab: e.value as Tab }), replace: true })}
        lazyMount
        unmountOnExit
      >
        <Tabs.List overflowX="auto">
          {(Object.keys(TABS) as Tab[]).map((key) => (
            <Tabs.Trigger key={key} value={key}>
              {TABS[key]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="chart">
          <ChartTab represent={represent} interval={interval as ProfileInterval} onInterval={setInterval} />
        </Tabs.Content>
        <Tabs.Content value="table">
          <TableTab represent={represent} interval={interval as ProfileInterval} onInterval={setInterval} />
        </Tabs.Content>
        <Tabs.Content value="values">
          <CounterValuesTab represent={represent} />
        </Tabs.Content>
        <Tabs.Content value="review">
          <VeeReview scope={recentScope({ represent_id: representId })} />
        </Tabs.Content>
        <Tabs.Content value="settings">
          <SettingsTab key={JSON.stringify(represent)} represent={represent} canChange={canChange} />
        </Tabs.Content>
        <Tabs.Content value="points">
          <PointsTab representId={representId} canChange={canChange} />
        </Tabs.Content>
      </Tabs.Root>
    </>
  )
}
