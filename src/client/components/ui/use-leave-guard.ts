import { useBlocker } from '@tanstack/react-router'
import { T } from '../../../shared/texts'
import { useConfirm } from './use-confirm'

/**
 * A form with unsaved changes asks before the user leaves it: another tab of the screen, back, the menu
 * (the router's navigations), and closing or reloading the page (the browser's own question). A change of the
 * screen's search alone (a list's search box behind a dialog) leaves nothing, and is not asked about.
 */
export function useLeaveGuard(dirty: boolean) {
  const askLeave = useLeaveQuestion()
  useBlocker({
    shouldBlockFn: async ({ current, next }) => dirty && current.pathname !== next.pathname && !(await askLeave()),
    enableBeforeUnload: () => dirty,
  })
}

/** The question before unsaved changes are thrown away, a screen left or a dialog closed: true when the user leaves. */
export function useLeaveQuestion(what: 'screen' | 'dialog' = 'screen'): () => Promise<boolean> {
  const confirm = useConfirm()
  return () =>
    what === 'screen'
      ? confirm({ message: T.leaveUnsaved, confirmLabel: T.leave, cancelLabel: T.stay })
      : confirm({ message: T.closeUnsaved, confirmLabel: T.closeWithoutSaving, cancelLabel: T.stay })
}
