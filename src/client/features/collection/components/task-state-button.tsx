import { IconButton } from '@chakra-ui/react'
import { useQueryClient } from '@tanstack/react-query'
import { Pause, Play, Square } from 'lucide-react'
import { useState } from 'react'
import type { CounterTask } from '../../../../shared/schemas/collection'
import { notify } from '../../../components/ui/notify'
import { collectionKeys, startTask, stopTask } from '../api/collection'

/** The spec's task states: working shows stop, stopped a green play, anything else a yellow pause that starts it. */
export function TaskStateButton({ task, disabled }: { task: CounterTask; disabled?: boolean }) {
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  const run = async (action: (id: number) => Promise<CounterTask>) => {
    setBusy(true)
    try {
      await action(task.counter_task_id)
      await queryClient.invalidateQueries({ queryKey: collectionKeys.tasks })
    } catch (error) {
      notify.error(error)
    } finally {
      setBusy(false)
    }
  }
  if (task.state === 'working') {
    return (
      <IconButton
        size="sm"
        variant="ghost"
        aria-label={`Остановить задание ${task.counter_task_id}`}
        loading={busy}
        disabled={disabled}
        onClick={() => void run(stopTask)}
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
      onClick={() => void run(startTask)}
    >
      {stopped ? <Play /> : <Pause />}
    </IconButton>
  )
}
