import { IconButton } from '@chakra-ui/react'
import { useQueryClient } from '@tanstack/react-query'
import { FileText, Pencil, Trash2 } from 'lucide-react'
import { useState } from 'react'
import type { CounterTask } from '../../../../shared/schemas/collection'
import { T } from '../../../../shared/texts'
import { useConfirm } from '../../../components/ui/confirm-dialog'
import { DataTable, type Column } from '../../../components/ui/data-table'
import { notify } from '../../../components/ui/notify'
import { formatDateTime } from '../../../lib/format'
import { useCan } from '../../../lib/auth'
import { collectionKeys, deleteTask } from '../api/collection'
import { TaskFormDialog } from './task-form-dialog'
import { TaskLogDialog } from './task-log-dialog'
import { TaskHealth } from './task-health'
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
      return task.value
  }
}

const STATE_TEXT: Record<CounterTask['state'], string> = { working: 'Работает', stopped: 'Остановлено', paused: 'Приостановлено', stopped_failed: 'Остановлено из-за ошибок' }

type Props = {
  rows: CounterTask[]
  loading: boolean
  showPoint?: boolean
  paging?: Pick<React.ComponentProps<typeof DataTable<CounterTask>>, 'total' | 'page' | 'perPage' | 'onPageChange' | 'onPerPageChange'>
}

/** Tasks with start/stop, edit, delete (confirmed) and log; used by the tasks list and a point's schedule tab. */
export function TasksTable({ rows, loading, showPoint, paging }: Props) {
  const queryClient = useQueryClient()
  const can = useCan()
  const confirm = useConfirm()
  const [editing, setEditing] = useState<CounterTask | null>(null)
  const [logOf, setLogOf] = useState<number | null>(null)
  const refresh = () => queryClient.invalidateQueries({ queryKey: collectionKeys.tasks })
  const remove = async (task: CounterTask) => {
    if (!(await confirm({ message: T.confirmDeleteRow, confirmLabel: 'Удалить' }))) return
    try {
      await deleteTask(task.counter_task_id)
      notify.success(T.deleted)
      await refresh()
    } catch (error) {
      notify.error(error)
    }
  }
  const columns: Column<CounterTask>[] = [
    { key: 'state', header: 'Состояние', render: (t) => <TaskStateButton task={t} disabled={!can('tasks.change')} />, width: '1%' },
    { key: 'counter_num', header: 'Счётчик', render: (t) => `${t.counter_num} (${t.counter_model})` },
    ...(showPoint ? [{ key: 'point_name', header: 'Точка учёта', render: (t: CounterTask) => t.point_name ?? '—' }] : []),
    { key: 'schedule', header: 'Расписание', render: (t) => scheduleText(t) },
    { key: 'status', header: 'Статус', render: (t) => STATE_TEXT[t.state], hideBelow: 'md' },
    { key: 'health', header: 'Опросы', render: (t) => <TaskHealth task={t} /> },
    { key: 'last', header: 'Последний опрос', render: (t) => (t.last_values ? `${formatDateTime(t.last_values.date)} — ${t.last_values.success ? T.taskDone : T.taskFailed}` : '—'), hideBelow: 'md' },
  ]
  return (
    <>
      <DataTable
        label="Задания опроса"
        columns={columns}
        rows={rows}
        rowKey={(t) => t.counter_task_id}
        loading={loading}
        emptyText={T.empty}
        {...paging}
        actions={(task) => (
          <>
            <IconButton size="sm" variant="ghost" aria-label={`Журнал задания ${task.counter_task_id}`} onClick={() => setLogOf(task.counter_task_id)}>
              <FileText />
            </IconButton>
            {can('tasks.change') && (
              <>
                <IconButton size="sm" variant="ghost" aria-label={`Изменить задание ${task.counter_task_id}`} onClick={() => setEditing(task)}>
                  <Pencil />
                </IconButton>
                <IconButton size="sm" variant="ghost" colorPalette="red" aria-label={`Удалить задание ${task.counter_task_id}`} onClick={() => void remove(task)}>
                  <Trash2 />
                </IconButton>
              </>
            )}
          </>
        )}
      />
      {editing && (
        <TaskFormDialog key={editing.counter_task_id} counterId={editing.counter_id} task={editing} open onClose={() => setEditing(null)} onDone={() => { notify.success(T.saved); void refresh() }} />
      )}
      <TaskLogDialog taskId={logOf} onClose={() => setLogOf(null)} />
    </>
  )
}
