import type { ReactNode } from 'react'
import { CloseButton, Dialog, Portal } from '@chakra-ui/react'

type ModalProps = {
  open: boolean
  onClose: () => void
  /** The width the spec names (800, 1100 px); never wider than the screen. Chakra's default without it. */
  width?: string
  role?: 'dialog' | 'alertdialog'
  children: ReactNode
}

/**
 * A form wrapping the header, body and footer takes the content's place in its column layout: the body scrolls
 * and the footer's buttons stay in view however long the form and however low the screen.
 */
const FORM_AS_CONTENT = { '& > form': { display: 'flex', flexDirection: 'column', flex: '1', minH: '0', overflow: 'hidden' } } as const

/** The console's modal frame: centred, scrolling inside, closed by Escape, the backdrop or its close button. */
export function Modal({ open, onClose, width, role, children }: ModalProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} role={role} placement="center" scrollBehavior="inside">
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
