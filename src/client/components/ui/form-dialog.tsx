import type { ReactNode } from 'react'
import { Button, Dialog, Stack } from '@chakra-ui/react'
import { Modal } from './modal'
import { T } from '../../../shared/texts'

type FormDialogProps = {
  open: boolean
  onClose: () => void
  title: string
  onSubmit: (event: React.FormEvent) => void
  submitting?: boolean
  submitLabel?: string
  /** Dialog width of the spec where it names one (800, 1100 px). */
  width?: string
  children: ReactNode
}

/** A modal form: fields, then save and cancel; Enter submits, Escape closes. */
export function FormDialog({ open, onClose, title, onSubmit, submitting, submitLabel = T.save, width = '560px', children }: FormDialogProps) {
  return (
    <Modal open={open} onClose={onClose} width={width}>
      <form onSubmit={onSubmit} noValidate>
        <Dialog.Header>
          <Dialog.Title>{title}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Stack gap="4">{children}</Stack>
        </Dialog.Body>
        <Dialog.Footer>
          <Button type="button" variant="outline" onClick={onClose}>
            {T.cancel}
          </Button>
          <Button type="submit" colorPalette="blue" loading={submitting}>
            {submitLabel}
          </Button>
        </Dialog.Footer>
      </form>
    </Modal>
  )
}
