import { IconButton } from '@chakra-ui/react'
import { Pause, Play, Square } from 'lucide-react'
import type { CounterTask } from '../../../../shared/schemas/collection'
import { notify } from '../../../components/ui/notify'
import { useRunTask } from '../api/collection'

/** The spec's task states: working shows stop, stopped a green play, anything else a yellow pause that starts it. */
export function TaskStateButton({ task, disabled }: { task: CounterTask; disabled?: boolean }) {
  const runTask = useRunTask()
  const run = (start: boolean) => void runTask.mutateAsync({ task, start }).catch(notify.error)
  const busy = runTask.isPending
  if (task.state === 'working') {
    return (
      <IconButton
        size="sm"
        variant="ghost"
        aria-label={`Остановить задание ${task.counter_task_id}`}
        loading={busy}
        disabled={disabled}
        onClick={() => run(false)}
      >
        <Square />
      </IconButton>
    )
  }
  const stopped = task.state === 'stopped'
  return (
    <IconButton
      size="sm"
      variant="ghost"
      color={stopped ? 'green.600' : 'yellow.600'}
      aria-label={`Запустить задание ${task.counter_task_id}`}
      title={stopped ? 'Остановлено' : 'Приостановлено из-за ошибок'}
      loading={busy}
      disabled={disabled}
      onClick={() => run(true)}
    >
      {stopped ? <Play /> : <Pause />}
    </IconButton>
  )
}
