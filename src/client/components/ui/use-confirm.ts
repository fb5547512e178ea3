import { createContext, useContext } from 'react'

/** `details`: lines listed under the message, what the answer acts on. */
export type ConfirmOptions = { message: string; details?: string[]; title?: string; confirmLabel?: string; cancelLabel?: string; danger?: boolean }
export type Confirm = (options: ConfirmOptions) => Promise<boolean>

/**
 * The question's channel, apart from the dialog that answers it (`ConfirmProvider`): the modal's leave question asks
 * through it, and the dialog is itself a modal, so the two could not import each other's module.
 */
export const ConfirmContext = createContext<Confirm | null>(null)

export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext)
  if (!confirm) throw new Error('useConfirm outside ConfirmProvider')
  return confirm
}
