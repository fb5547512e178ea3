import { DELETE_REFRESH_DELAY_MS } from '../../../shared/constants'
import { T } from '../../../shared/texts'
import { useConfirm } from './confirm-dialog'
import { notify } from './notify'

/**
 * Delete after a confirmation with the spec's question; on success a banner and the list refresh (a second
 * later, as the spec does after a delete), on failure the server's message in a red banner.
 */
export function useConfirmedDelete<TRow>(options: { message?: string; remove: (row: TRow) => Promise<unknown>; onDeleted: () => unknown }) {
  const confirm = useConfirm()
  return async (row: TRow) => {
    if (!(await confirm({ message: options.message ?? T.confirmDeleteRow, confirmLabel: 'Удалить' }))) return
    try {
      await options.remove(row)
      notify.success(T.deleted)
      setTimeout(() => void options.onDeleted(), DELETE_REFRESH_DELAY_MS)
    } catch (error) {
      notify.error(error)
    }
  }
}
