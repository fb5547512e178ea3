import { useState } from 'react'
import { Alert, Badge, IconButton } from '@chakra-ui/react'
import { createFileRoute, Link } from '@tanstack/react-router'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { History, Info, Pencil, Power, PowerOff, RefreshCw, Trash2 } from 'lucide-react'
import { DELETE_REFRESH_DELAY_MS } from '../../../shared/constants'
import { T } from '../../../shared/texts'
import { listSearch } from '../../lib/list-search'
import { DataTable, listPaging } from '../../components/ui/data-table'
import { PageHeader } from '../../components/ui/page-header'
import { SearchInput } from '../../components/ui/search-input'
import { useConfirm } from '../../components/ui/confirm-dialog'
import { notify } from '../../components/ui/notify'
import { useCan } from '../../lib/auth'
import { MeterInfoDialog, useRefreshMeter } from '../../features/collection'
import { changeActiveState, counterKeys, countersQueryOptions, deleteCounter, mirrorCounters } from '../../features/counters/api/counters'
import { useListMirror } from '../../features/points/api/use-list-mirror'
import { CounterEditDialog } from '../../features/counters/components/counter-edit-dialog'
import { HistoryDialog } from '../../features/counters/components/history-dialog'
import type { CounterRow } from '../../offline'

export const Route = createFileRoute('/_app/counters')({
  validateSearch: listSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(countersQueryOptions(deps)),
  component: CountersPage,
})

/** Asks the collecting service for a fresh read of the meter's parameters, after a confirmation. */
function RefreshButton({ counter }: { counter: CounterRow }) {
  const confirm = useConfirm()
  const { refresh, asking } = useRefreshMeter(counter.counter_id, false)
  return (
    <IconButton
      size="sm"
      variant="ghost"
      loading={asking}
      aria-label={`Обновить параметры ${counter.serial_num}`}
      onClick={async () => {
        if (await confirm({ message: T.confirmRefreshCounter, confirmLabel: 'Обновить' })) await refresh()
      }}
    >
      <RefreshCw />
    </IconButton>
  )
}

function CountersPage() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const list = useQuery(countersQueryOptions(search))
  const { data } = list
  const queryClient = useQueryClient()
  const can = useCan()
  const confirm = useConfirm()
  const [info, setInfo] = useState<CounterRow | null>(null)
  const [editing, setEditing] = useState<CounterRow | null>(null)
  const [history, setHistory] = useState<CounterRow | null>(null)
  const refresh = () => queryClient.invalidateQueries({ queryKey: counterKeys.all })
  const setSearch = (patch: Partial<typeof search>) => navigate({ search: (prev) => ({ ...prev, ...patch }) })

  useListMirror('counters', mirrorCounters, () => void refresh())

  const remove = async (counter: CounterRow) => {
    if (!(await confirm({ message: T.confirmDeleteRow, confirmLabel: 'Удалить' }))) return
    try {
      await deleteCounter(counter.counter_id)
      notify.success(T.deleted)
      setTimeout(() => void refresh(), DELETE_REFRESH_DELAY_MS)
    } catch (failure) {
      notify.error(failure)
    }
  }

  const toggle = async (counter: CounterRow) => {
    if (!(await confirm({ message: counter.is_active ? T.confirmDisableCounter : T.confirmEnableCounter, confirmLabel: counter.is_active ? 'Отключить' : 'Включить' }))) return
    try {
      await changeActiveState(counter.counter_id)
      await refresh()
    } catch (failure) {
      notify.error(failure)
    }
  }

  return (
    <>
      <PageHeader title="Счётчики" actions={<SearchInput value={search.search} onChange={(text) => setSearch({ search: text, page: 1 })} placeholder="Серийный номер" label="Поиск по серийному номеру" />} />
      {data?.offline && (
        <Alert.Root status="warning" mb="3">
          <Alert.Indicator />
          <Alert.Title>{T.offlineCopy}</Alert.Title>
        </Alert.Root>
      )}
      <DataTable
        label="Счётчики"
        columns={[
          { key: 'serial_num', header: 'Серийный номер', sort: 'serial_num' },
          { key: 'model_name', header: 'Модель' },
          {
            key: 'point',
            header: 'Точка учёта',
            hideBelow: 'md',
            render: (c) =>
              c.is_current && c.point_id ? (
                <Link to="/points/$id/counters" params={{ id: String(c.point_id) }}>
                  {c.point_name}
                </Link>
              ) : (
                ''
              ),
          },
          { key: 'coeff', header: 'Ктт', align: 'end', hideBelow: 'lg' },
          { key: 'coeff_voltage', header: 'Ктн', align: 'end', hideBelow: 'lg' },
          { key: 'is_active', header: 'Опрос', render: (c) => <Badge colorPalette={c.is_active ? 'green' : 'gray'}>{c.is_active ? 'Включён' : 'Отключён'}</Badge> },
        ]}
        rows={data?.results ?? []}
        rowKey={(c) => c.counter_id}
        {...listPaging(search, setSearch, list)}
        actions={(c) => (
          <>
            <IconButton size="sm" variant="ghost" aria-label={`Сведения ${c.serial_num}`} onClick={() => setInfo(c)}>
              <Info />
            </IconButton>
            {/* Away from the red delete at the row's end: a slip of the finger must not remove the meter. */}
            <RefreshButton counter={c} />
            {can('counters.change') && (
              <IconButton size="sm" variant="ghost" aria-label={`Изменить счётчик ${c.serial_num}`} onClick={() => setEditing(c)}>
                <Pencil />
              </IconButton>
            )}
            <IconButton size="sm" variant="ghost" aria-label={`История ${c.serial_num}`} onClick={() => setHistory(c)}>
              <History />
            </IconButton>
            {can('counters.change') && (
              <IconButton size="sm" variant="ghost" aria-label={`${c.is_active ? 'Отключить' : 'Включить'} опрос ${c.serial_num}`} onClick={() => void toggle(c)}>
                {c.is_active ? <PowerOff /> : <Power />}
              </IconButton>
            )}
            {can('counters.delete') && (
              <IconButton size="sm" variant="ghost" colorPalette="red" ms="2" aria-label={`Удалить ${c.serial_num}`} onClick={() => void remove(c)}>
                <Trash2 />
              </IconButton>
            )}
          </>
        )}
      />
      {info && <MeterInfoDialog counterId={info.counter_id} open onClose={() => setInfo(null)} />}
      <CounterEditDialog key={`edit-${editing?.counter_id}`} counter={editing} onClose={() => setEditing(null)} onDone={() => void refresh()} />
      <HistoryDialog counter={history} onClose={() => setHistory(null)} />
    </>
  )
}
