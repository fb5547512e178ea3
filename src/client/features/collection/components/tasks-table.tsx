import { FileText } from 'lucide-react'
import { useState } from 'react'
import type { CounterTask } from '../../../../shared/schemas/collection'
import { T } from '../../../../shared/texts'
import { DataTable, type Column, type ListTableProps } from '../../../components/ui/data-table'
import { DeleteAction, EditAction, RowAction } from '../../../components/ui/row-actions'
import { useConfirmedDelete } from '../../../components/ui/use-confirmed-write'
import { formatDateTime } from '../../../lib/format'
import { useCan } from '../../../lib/auth'
import { useDeleteTask } from '../api/collection'
import { TaskFormDialog } from './task-form-dialog'
import { TaskLogDialog } from './task-log-dialog'
import { TaskHealth } from './task-health'
import { runOutcome } from './run-outcome'
import { TaskStateButton } from './task-state-button'

export function scheduleText(task: Pick<CounterTask, 'interval' | 'value'>): string {
  switch (task.interval) {
    case 'minutes':
      return `каждые ${task.value} мин`
    case 'hours':
      return `каждые ${task.value} ч`
    case 'days':
      return `каждые ${task.value} дн`
    case 'once':
      return `однократно ${formatDateTime(task.value)}`
    default:
      return cronText(task.value)
  }
}

/** The common cron schedules in words: every N minutes, every N hours, daily at a time; any other as written. */
function cronText(cron: string): string {
  const [minute, hour, ...rest] = cron.trim().split(/\s+/)
  const everyDay = rest.length === 3 && rest.every((field) => field === '*')
  const step = (field: string | undefined) => /^\*\/(\d+)$/.exec(field ?? '')?.[1]
  if (everyDay && step(minute) && hour === '*') return `каждые ${step(minute)} мин`
  if (everyDay && /^\d+$/.test(minute!) && Number(minute) === 0 && step(hour)) return `каждые ${step(hour)} ч`
  if (everyDay && /^\d+$/.test(minute!) && /^\d+$/.test(hour!)) return `ежедневно в ${hour!.padStart(2, '0')}:${minute!.padStart(2, '0')}`
  return `по расписанию ${cron}`
}

const STATE_TEXT: Record<CounterTask['state'], string> = {
  working: 'Работает',
  stopped: 'Остановлено',
  paused: 'Приостановлено',
  stopped_failed: 'Остановлено из-за ошибок',
}

type Props = {
  table: ListTableProps<CounterTask>
  showPoint?: boolean
}

/** Tasks with start/stop, edit, delete (confirmed) and log; used by the tasks list and a point's schedule tab. */
export function TasksTable({ table, showPoint }: Props) {
  const can = useCan()
  const [editing, setEditing] = useState<CounterTask | null>(null)
  const [logOf, setLogOf] = useState<number | null>(null)
  const remove = useConfirmedDelete(useDeleteTask(), T.deleteWhat.task, (t) => t.counter_num)
  const columns: Column<CounterTask>[] = [
    { key: 'state', header: 'Состояние', render: (t) => <TaskStateButton task={t} disabled={!can('tasks.change')} />, width: '1%' },
    { key: 'counter_num', header: 'Счётчик', render: (t) => `${t.counter_num} (${t.counter_model})` },
    ...(showPoint ? [{ key: 'point_name', header: 'Точка учёта', render: (t: CounterTask) => t.point_name ?? '—' }] : []),
    { key: 'schedule', header: 'Расписание', render: (t) => scheduleText(t) },
    { key: 'status', header: 'Статус', render: (t) => STATE_TEXT[t.state], hideBelow: 'md' },
    { key: 'health', header: 'Опросы', render: (t) => <TaskHealth task={t} /> },
    {
      key: 'last',
      header: 'Последний опрос',
      // A poll that succeeded in part keeps the groups it left unread as the task's error.
      render: (t) =>
        t.last_values ? `${formatDateTime(t.last_values.date)} — ${runOutcome({ success: t.last_values.success, partial: t.last_error !== '' }).text}` : '—',
      hideBelow: 'md',
    },
  ]
  return (
    <>
      <DataTable
        label="Задания опроса"
        columns={columns}
        rowKey={(t) => t.counter_task_id}
        emptyText={T.empty}
        {...table}
        actions={(task) => (
          <>
            <RowAction label={`Журнал задания ${task.counter_task_id}`} onClick={() => setLogOf(task.counter_task_id)}>
              <FileText />
            </RowAction>
            {can('tasks.change') && (
              <>
                <EditAction name={`задание ${task.counter_task_id}`} onClick={() => setEditing(task)} />
                <DeleteAction name={`задание ${task.counter_task_id}`} onClick={() => remove(task)} />
              </>
            )}
          </>
        )}
      />
      {editing && <TaskFormDialog key={editing.counter_task_id} counterId={editing.counter_id} task={editing} open onClose={() => setEditing(null)} />}
      <TaskLogDialog taskId={logOf} onClose={() => setLogOf(null)} />
    </>
  )
}
