import type { ReactNode } from 'react'
import { CloseButton, Dialog, Portal } from '@chakra-ui/react'
import { useLeaveQuestion } from './use-leave-guard'

type ModalProps = {
  open: boolean
  onClose: () => void
  /** The width the spec names (800, 1100 px); never wider than the screen. Chakra's default without it. */
  width?: string
  role?: 'dialog' | 'alertdialog'
  /**
   * Unsaved input (a form's `dirty`): a tap on the backdrop no longer closes the dialog, and Escape, the close button
   * and a `Dialog.ActionTrigger` («Отмена») ask the leave-unsaved question first. Untouched, it closes at once.
   */
  dirty?: boolean
  children: ReactNode
}

/**
 * A form wrapping the header, body and footer takes the content's place in its column layout: the body scrolls
 * and the footer's buttons stay in view however long the form and however low the screen.
 */
const FORM_AS_CONTENT = { '& > form': { display: 'flex', flexDirection: 'column', flex: '1', minH: '0', overflow: 'hidden' } } as const

/**
 * The console's modal frame: centred, scrolling inside, closed by Escape, the backdrop, its close button or a
 * `Dialog.ActionTrigger`; with unsaved input (`dirty`) only after the user agrees to lose it.
 */
export function Modal({ open, onClose, width, role, dirty = false, children }: ModalProps) {
  const askLeave = useLeaveQuestion('dialog')
  const close = async () => {
    if (!dirty || (await askLeave())) onClose()
  }
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => !e.open && void close()}
      closeOnInteractOutside={!dirty}
      role={role}
      placement="center"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content css={FORM_AS_CONTENT} {...(width && { maxW: `min(${width}, calc(100vw - 1rem))`, width: 'full' })}>
            {children}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Закрыть" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
