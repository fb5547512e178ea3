import { useState } from 'react'
import { Badge } from '@chakra-ui/react'
import { createFileRoute, Link } from '@tanstack/react-router'
import { History, Info, Power, PowerOff, RefreshCw } from 'lucide-react'
import { T } from '../../../shared/texts'
import { listSearch } from '../../lib/list-search'
import { DataTable } from '../../components/ui/data-table'
import { ListHeader } from '../../components/ui/list-header'
import { useListScreen } from '../../components/ui/list-screen'
import { listLoader, listRoute } from '../../lib/list-route'
import { DeleteAction, EditAction, RowAction } from '../../components/ui/row-actions'
import { useConfirm } from '../../components/ui/use-confirm'
import { useConfirmedDelete, useConfirmedWrite } from '../../components/ui/use-confirmed-write'
import { useCan } from '../../lib/auth'
import { MeterInfoDialog, useRefreshMeter } from '../../features/collection'
import { countersQueryOptions, mirrorCounters, useChangeActiveState, useDeleteCounter } from '../../features/counters/api/counters'
import { useListMirror } from '../../features/points/api/use-list-mirror'
import { CounterEditDialog } from '../../features/counters/components/counter-edit-dialog'
import { HistoryDialog } from '../../features/counters/components/history-dialog'
import type { CounterRow } from '../../offline'

export const Route = createFileRoute('/_app/counters')({
  // Offline the list is the device's copy, which another user's waiting edits may keep: the right is checked here.
  staticData: { permission: 'counters.view' },
  ...listRoute(listSearch),
  loader: listLoader(countersQueryOptions),
  component: CountersPage,
})

/** Asks the collecting service for a fresh read of the meter's parameters, after a confirmation. */
function RefreshAction({ counter }: { counter: CounterRow }) {
  const confirm = useConfirm()
  const { refresh, asking } = useRefreshMeter(counter.counter_id, false)
  return (
    <RowAction
      label={`Обновить параметры ${counter.serial_num}`}
      loading={asking}
      onClick={async () => {
        if (await confirm({ message: T.confirmRefreshCounter, confirmLabel: T.refresh })) await refresh()
      }}
    >
      <RefreshCw />
    </RowAction>
  )
}

function CountersPage() {
  const list = useListScreen(Route, countersQueryOptions)
  const can = useCan()
  const [info, setInfo] = useState<CounterRow | null>(null)
  const [editing, setEditing] = useState<CounterRow | null>(null)
  const [history, setHistory] = useState<CounterRow | null>(null)
  const remove = useConfirmedDelete(useDeleteCounter(), T.deleteWhat.counter, (c) => c.serial_num)
  const toggle = useConfirmedWrite(useChangeActiveState(), {
    ask: (c) => (c.is_active ? { message: T.confirmDisableCounter, confirmLabel: T.disable } : { message: T.confirmEnableCounter, confirmLabel: T.enable }),
  })

  useListMirror('counters', mirrorCounters, () => void list.refresh())

  return (
    <>
      <ListHeader title="Счётчики" {...list.header} searchPlaceholder="Серийный номер" searchLabel="Поиск по серийному номеру" />
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
          {
            key: 'is_active',
            header: 'Опрос',
            render: (c) => <Badge colorPalette={c.is_active ? 'green' : 'gray'}>{c.is_active ? 'Включён' : 'Отключён'}</Badge>,
          },
        ]}
        rowKey={(c) => c.counter_id}
        {...list.table}
        actions={(c) => (
          <>
            <RowAction label={`Сведения ${c.serial_num}`} onClick={() => setInfo(c)}>
              <Info />
            </RowAction>
            {/* Away from the red delete at the row's end: a slip of the finger must not remove the meter. */}
            {can('counters.poll') && <RefreshAction counter={c} />}
            {can('counters.change') && <EditAction name={`счётчик ${c.serial_num}`} onClick={() => setEditing(c)} />}
            <RowAction label={`История ${c.serial_num}`} onClick={() => setHistory(c)}>
              <History />
            </RowAction>
            {can('counters.change') && (
              <RowAction label={`${c.is_active ? 'Отключить' : 'Включить'} опрос ${c.serial_num}`} onClick={() => toggle(c)}>
                {c.is_active ? <PowerOff /> : <Power />}
              </RowAction>
            )}
            {can('counters.delete') && <DeleteAction name={c.serial_num} onClick={() => remove(c)} />}
          </>
        )}
      />
      {info && <MeterInfoDialog counterId={info.counter_id} open onClose={() => setInfo(null)} />}
      <CounterEditDialog key={`edit-${editing?.counter_id}`} counter={editing} onClose={() => setEditing(null)} onDone={() => void list.refresh()} />
      <HistoryDialog counter={history} onClose={() => setHistory(null)} />
    </>
  )
}
