import { T } from '../../../../shared/texts'

/** A poll's outcome in words and colour; one that read some of its groups only is done in part, not plainly done. */
export function runOutcome(run: { success: boolean; partial: boolean }): { text: string; color: 'green' | 'orange' | 'red' } {
  if (!run.success) return { text: T.taskFailed, color: 'red' }
  return run.partial ? { text: T.taskDonePartly, color: 'orange' } : { text: T.taskDone, color: 'green' }
}
