import { useState } from 'react'
import { Badge, Button, HStack } from '@chakra-ui/react'
import { createFileRoute } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { History, Info, PlugZap, Plus, Unplug } from 'lucide-react'
import type { PointCounter } from '../../../shared/schemas/points'
import { T } from '../../../shared/texts'
import { DataTable } from '../../components/ui/data-table'
import { OfflineBanner } from '../../components/ui/list-header'
import { EditAction, RowAction } from '../../components/ui/row-actions'
import { formatDate, formatNumber } from '../../lib/format'
import { useCan } from '../../lib/auth'
import { MeterInfoDialog } from '../../features/collection'
import { useCounterEditRefresh } from '../../features/counters/api/counters'
import { ConnParamsDialog } from '../../features/counters/components/conn-params-dialog'
import { CounterEditDialog } from '../../features/counters/components/counter-edit-dialog'
import { HistoryDialog } from '../../features/counters/components/history-dialog'
import { InstallWizard } from '../../features/counters/components/install-wizard'
import { TakeOffDialog } from '../../features/counters/components/take-off-dialog'
import { pointCountersQueryOptions } from '../../features/points/api/points'

export const Route = createFileRoute('/_app/points/$id/counters')({
  component: PointCountersTab,
})

function PointCountersTab() {
  const pointId = Number(Route.useParams().id)
  const installs = useQuery(pointCountersQueryOptions(pointId))
  const can = useCan()
  const [installing, setInstalling] = useState(false)
  const [removing, setRemoving] = useState<PointCounter | null>(null)
  const [history, setHistory] = useState<PointCounter | null>(null)
  const [conn, setConn] = useState<PointCounter | null>(null)
  const [editing, setEditing] = useState<PointCounter | null>(null)
  const [info, setInfo] = useState<PointCounter | null>(null)
  const refreshAfterEdit = useCounterEditRefresh()
  const rows = installs.data?.results ?? []
  const hasCurrent = rows.some((r) => r.is_current)

  return (
    <>
      <HStack justify="space-between" mb="3" wrap="wrap">
        <span />
        {can('counters.install') && installs.data && !hasCurrent && (
          <Button colorPalette="blue" onClick={() => setInstalling(true)}>
            <Plus size={16} aria-hidden /> Установить счётчик
          </Button>
        )}
      </HStack>
      {installs.data?.offline && <OfflineBanner />}
      <DataTable
        label="Счётчики точки учёта"
        columns={[
          { key: 'serial_num', header: 'Серийный номер' },
          { key: 'model_name', header: 'Модель' },
          {
            key: 'status',
            header: 'Состояние',
            render: (r) => <Badge colorPalette={r.is_current ? 'green' : 'gray'}>{r.is_current ? T.counterInstalled : T.counterRemoved}</Badge>,
          },
          { key: 'install_date', header: 'Дата установки', render: (r) => formatDate(r.install_date) },
          { key: 'takeoff_date', header: 'Дата снятия', render: (r) => formatDate(r.takeoff_date) },
          { key: 'coeff', header: 'Ктт', align: 'end', hideBelow: 'md', render: (r) => formatNumber(r.coeff) },
          { key: 'coeff_voltage', header: 'Ктн', align: 'end', hideBelow: 'md', render: (r) => formatNumber(r.coeff_voltage) },
        ]}
        rows={rows}
        rowKey={(r) => r.point_counter_id}
        loading={installs.isFetching}
        error={installs.error}
        onRetry={() => void installs.refetch()}
        emptyText={T.empty}
        actions={(r) => (
          <>
            {/* The current meter's readings, as the meters list's info dialog shows them (offline: the device's copy). */}
            {can('counters.view') && (
              <RowAction label={`Сведения ${r.serial_num}`} disabled={!r.is_current} onClick={() => setInfo(r)}>
                <Info />
              </RowAction>
            )}
            <RowAction label={`Параметры подключения ${r.serial_num}`} disabled={!r.is_current || !can('counters.install')} onClick={() => setConn(r)}>
              <PlugZap />
            </RowAction>
            {can('counters.change') && <EditAction name={`счётчик ${r.serial_num}`} onClick={() => setEditing(r)} />}
            <RowAction label={`История ${r.serial_num}`} onClick={() => setHistory(r)}>
              <History />
            </RowAction>
            <RowAction
              label={`Снять счётчик ${r.serial_num}`}
              palette="red"
              disabled={!r.is_current || !can('counters.install')}
              onClick={() => setRemoving(r)}
            >
              <Unplug />
            </RowAction>
          </>
        )}
      />
      <InstallWizard pointId={pointId} open={installing} onClose={() => setInstalling(false)} />
      <TakeOffDialog key={`off-${removing?.counter_id}`} counter={removing} onClose={() => setRemoving(null)} />
      <HistoryDialog counter={history} onClose={() => setHistory(null)} />
      <ConnParamsDialog counter={conn} onClose={() => setConn(null)} />
      {info && <MeterInfoDialog counterId={info.counter_id} open onClose={() => setInfo(null)} />}
      <CounterEditDialog key={`edit-${editing?.counter_id}`} counter={editing} onClose={() => setEditing(null)} onDone={refreshAfterEdit} />
    </>
  )
}
