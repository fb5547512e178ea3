import { Button, Icon } from '@chakra-ui/react'
import { CircleStop, Pause, Play } from 'lucide-react'
import type { CounterTask } from '../../../../shared/schemas/collection'
import { notify } from '../../../components/ui/notify'
import { useRunTask } from '../api/collection'

/**
 * The spec's task states: a working task offers «Остановить», a stopped one a green «Запустить» with the play icon,
 * anything else (paused after errors) the yellow pause icon with «Запустить». The word is there because a bare square
 * in the first column read as a row's checkbox.
 */
export function TaskStateButton({ task, disabled }: { task: CounterTask; disabled?: boolean }) {
  const runTask = useRunTask()
  const run = (start: boolean) => void runTask.mutateAsync({ task, start }).catch(notify.error)
  const busy = runTask.isPending
  if (task.state === 'working') {
    return (
      <Button
        size="xs"
        variant="outline"
        colorPalette="gray"
        whiteSpace="nowrap"
        aria-label={`Остановить задание ${task.counter_task_id}`}
        loading={busy}
        disabled={disabled}
        onClick={() => run(false)}
      >
        <CircleStop aria-hidden /> Остановить
      </Button>
    )
  }
  const stopped = task.state === 'stopped'
  return (
    <Button
      size="xs"
      variant="outline"
      colorPalette={stopped ? 'green' : 'orange'}
      whiteSpace="nowrap"
      aria-label={`Запустить задание ${task.counter_task_id}`}
      title={stopped ? 'Остановлено' : 'Приостановлено из-за ошибок'}
      loading={busy}
      disabled={disabled}
      onClick={() => run(true)}
    >
      {stopped ? (
        <Play aria-hidden />
      ) : (
        <Icon color="yellow.500" aria-hidden>
          <Pause />
        </Icon>
      )}{' '}
      Запустить
    </Button>
  )
}
