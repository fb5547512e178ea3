import { useState } from 'react'
import { Alert, Button, HStack } from '@chakra-ui/react'
import { createFileRoute, Link, useRouter } from '@tanstack/react-router'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { CalendarClock, Gauge, Pencil, Plus, Trash2, TriangleAlert } from 'lucide-react'
import { DELETE_REFRESH_DELAY_MS } from '../../../shared/constants'
import { T } from '../../../shared/texts'
import { listSearch } from '../../lib/list-search'
import { DataTable, listPaging, RowAction } from '../../components/ui/data-table'
import { PageHeader } from '../../components/ui/page-header'
import { SearchInput } from '../../components/ui/search-input'
import { useConfirm } from '../../components/ui/confirm-dialog'
import { notify } from '../../components/ui/notify'
import { useCan } from '../../lib/auth'
import type { PointRow } from '../../offline'
import { deletePoint, mirrorPoints, pointKeys, pointsQueryOptions } from '../../features/points/api/points'
import { useListMirror } from '../../features/points/api/use-list-mirror'
import { PointCreateDialog } from '../../features/points/components/point-create-dialog'

export const Route = createFileRoute('/_app/points/')({
  validateSearch: listSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(pointsQueryOptions(deps)),
  component: PointsPage,
})

function PointsPage() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const list = useQuery(pointsQueryOptions(search))
  const { data } = list
  const queryClient = useQueryClient()
  const can = useCan()
  const router = useRouter()
  const confirm = useConfirm()
  const [creating, setCreating] = useState(false)
  const refresh = () => queryClient.invalidateQueries({ queryKey: pointKeys.all })
  const setSearch = (patch: Partial<typeof search>) => navigate({ search: (prev) => ({ ...prev, ...patch }) })

  useListMirror('points', mirrorPoints, () => void refresh())

  const remove = async (point: PointRow) => {
    if (!(await confirm({ message: T.confirmDeleteRow, confirmLabel: 'Удалить' }))) return
    try {
      await deletePoint(point.point_id)
      notify.success(T.deleted)
      setTimeout(() => void refresh(), DELETE_REFRESH_DELAY_MS)
    } catch (error) {
      notify.error(error)
    }
  }

  return (
    <>
      <PageHeader
        title="Точки учёта"
        actions={
          <>
            <SearchInput value={search.search} onChange={(text) => setSearch({ search: text, page: 1 })} />
            {can('points.change') && (
              <Button colorPalette="blue" onClick={() => setCreating(true)}>
                <Plus size={16} aria-hidden /> Добавить
              </Button>
            )}
          </>
        }
      />
      {data?.offline && (
        <Alert.Root status="warning" mb="3">
          <Alert.Indicator />
          <Alert.Title>{T.offlineCopy}</Alert.Title>
        </Alert.Root>
      )}
      <DataTable
        label="Точки учёта"
        columns={[
          {
            key: 'name',
            header: 'Наименование',
            sort: 'name',
            render: (p) => (
              <Link to="/points/$id/edit" params={{ id: String(p.point_id) }}>
                {p.name}
              </Link>
            ),
          },
          {
            key: 'has_counter',
            header: 'Счётчик',
            sort: 'has_counter',
            align: 'center',
            render: (p) =>
              p.has_counter ? null : (
                <HStack justify="center" color="orange.500" title={T.noCounter} role="img" aria-label={T.noCounter}>
                  <TriangleAlert size={16} aria-hidden />
                </HStack>
              ),
          },
          {
            key: 'point_represents_number',
            header: 'Объектов',
            sort: 'point_represents_number',
            align: 'end',
            hideBelow: 'lg',
            render: (p) => {
              const names = ((p as PointRow & { represents?: { name: string }[] }).represents ?? []).map((r) => r.name)
              return <span title={names.length ? names.join(', ') : 'Не входит в объекты'}>{p.point_represents_number}</span>
            },
          },
          { key: 'point_number', header: 'Идентификатор', sort: 'point_number' },
          { key: 'customer', header: 'Абонент', sort: 'customer__name', hideBelow: 'lg', render: (p) => p.customer?.name ?? '' },
          { key: 'address', header: 'Адрес', sort: 'address', hideBelow: 'md' },
        ]}
        rows={data?.results ?? []}
        rowKey={(p) => p.point_id}
        {...listPaging(search, setSearch, list)}
        emptyText={search.search ? T.pointNotFoundBySearch(search.search) : T.noPoints}
        actions={(p) => (
          <>
            <RowAction label={`Изменить ${p.name}`} link={<Link to="/points/$id/edit" params={{ id: String(p.point_id) }} />}>
              <Pencil />
            </RowAction>
            <RowAction label={`Счётчики ${p.name}`} link={<Link to="/points/$id/counters" params={{ id: String(p.point_id) }} />}>
              <Gauge />
            </RowAction>
            {/* The schedule tab is the data-collection area's route, unknown to this file's types. */}
            <RowAction label={`Расписание ${p.name}`} onClick={() => router.history.push(`/points/${p.point_id}/scheduler`)}>
              <CalendarClock />
            </RowAction>
            {can('points.delete') && (
              <RowAction label={`Удалить ${p.name}`} palette="red" onClick={() => void remove(p)}>
                <Trash2 />
              </RowAction>
            )}
          </>
        )}
      />
      <PointCreateDialog open={creating} onClose={() => setCreating(false)} onDone={() => void refresh()} />
    </>
  )
}
