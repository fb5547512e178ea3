import { useState } from 'react'
import { notify } from './notify'

/**
 * An action a button starts: `busy` while it runs (for the button's `loading`), a failure shown as the error banner
 * with the server's message.
 */
export function useBusyAction() {
  const [busy, setBusy] = useState(false)
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true)
    try {
      await action()
    } catch (error) {
      notify.error(error)
    } finally {
      setBusy(false)
    }
  }
  return { busy, run }
}
