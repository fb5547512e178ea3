import { useBlocker } from '@tanstack/react-router'
import { T } from '../../../shared/texts'
import { useConfirm } from './confirm-dialog'

/**
 * A form with unsaved changes asks before the user leaves it: another tab of the screen, back, the menu
 * (the router's navigations), and closing or reloading the page (the browser's own question).
 */
export function useLeaveGuard(dirty: boolean) {
  const confirm = useConfirm()
  useBlocker({
    shouldBlockFn: async () => dirty && !(await confirm({ message: T.leaveUnsaved, confirmLabel: T.leave, cancelLabel: T.stay })),
    enableBeforeUnload: () => dirty,
  })
}
