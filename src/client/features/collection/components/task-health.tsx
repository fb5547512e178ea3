import { Badge } from '@chakra-ui/react'
import type { CounterTask } from '../../../../shared/schemas/collection'
import { T } from '../../../../shared/texts'

/** From this many failed polls in a row a task is shown as failing, not just unlucky. */
const FAILING_FROM = 3

/**
 * How the task's polls go, apart from its state: a task «Работает» whose every poll fails must not look healthy.
 * `consecutive_failures` counts the failed polls since the last success.
 */
export function TaskHealth({ task }: { task: Pick<CounterTask, 'last_values' | 'consecutive_failures'> }) {
  if (task.consecutive_failures > 0) {
    return <Badge colorPalette={task.consecutive_failures >= FAILING_FROM ? 'red' : 'orange'}>{T.taskHealthFailing(task.consecutive_failures)}</Badge>
  }
  if (!task.last_values) return <Badge colorPalette="gray">{T.taskHealthUnknown}</Badge>
  return <Badge colorPalette="green">{T.taskHealthOk}</Badge>
}
