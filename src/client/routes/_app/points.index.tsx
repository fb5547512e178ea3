import { useState } from 'react'
import { HStack } from '@chakra-ui/react'
import { createFileRoute, Link, useRouter } from '@tanstack/react-router'
import { CalendarClock, Gauge, TriangleAlert } from 'lucide-react'
import { T } from '../../../shared/texts'
import { listSearch } from '../../lib/list-search'
import { DataTable } from '../../components/ui/data-table'
import { ListHeader } from '../../components/ui/list-header'
import { useListScreen } from '../../components/ui/list-screen'
import { listLoader, listRoute } from '../../lib/list-route'
import { DeleteAction, EditAction, RowAction } from '../../components/ui/row-actions'
import { useConfirmedDelete } from '../../components/ui/use-confirmed-write'
import { useCan } from '../../lib/auth'
import type { PointRow } from '../../offline'
import { mirrorPoints, pointsQueryOptions, useDeletePoint } from '../../features/points/api/points'
import { useListMirror } from '../../features/points/api/use-list-mirror'
import { PointCreateDialog } from '../../features/points/components/point-create-dialog'

export const Route = createFileRoute('/_app/points/')({
  staticData: { permission: 'points.view' },
  ...listRoute(listSearch),
  loader: listLoader(pointsQueryOptions),
  component: PointsPage,
})

function PointsPage() {
  const list = useListScreen(Route, pointsQueryOptions)
  const can = useCan()
  const router = useRouter()
  const [creating, setCreating] = useState(false)
  const remove = useConfirmedDelete(useDeletePoint(), T.deleteWhat.point, (p) => p.name)

  useListMirror('points', mirrorPoints, () => void list.refresh())

  return (
    <>
      <ListHeader title="Точки учёта" {...list.header} onAdd={can('points.change') ? () => setCreating(true) : undefined} />
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
            render: (p) =>
              p.has_counter ? (
                T.hasCounter
              ) : (
                <HStack gap="1" color="orange.fg" title={T.noCounter}>
                  <TriangleAlert size={16} aria-hidden />
                  {T.noCounterShort}
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
        rowKey={(p) => p.point_id}
        {...list.table}
        emptyText={list.search.search ? T.pointNotFoundBySearch(list.search.search) : T.noPoints}
        actions={(p) => (
          <>
            {can('points.change') && <EditAction name={p.name} link={<Link to="/points/$id/edit" params={{ id: String(p.point_id) }} />} />}
            <RowAction label={`Счётчики ${p.name}`} link={<Link to="/points/$id/counters" params={{ id: String(p.point_id) }} />}>
              <Gauge />
            </RowAction>
            {/* The schedule tab is the data-collection area's route, unknown to this file's types. */}
            <RowAction label={`Расписание ${p.name}`} onClick={() => router.history.push(`/points/${p.point_id}/scheduler`)}>
              <CalendarClock />
            </RowAction>
            {can('points.delete') && <DeleteAction name={p.name} onClick={() => remove(p)} />}
          </>
        )}
      />
      <PointCreateDialog open={creating} onClose={() => setCreating(false)} onDone={() => void list.refresh()} />
    </>
  )
}
