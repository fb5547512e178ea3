import type { ReactNode } from 'react'
import { Button, Dialog, Stack } from '@chakra-ui/react'
import { Modal } from './modal'
import { notify } from './notify'
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
  /** Unsaved input (`form.dirty`): closing it asks first and a tap outside does not close it (`Modal`). */
  dirty?: boolean
  children: ReactNode
}

/** A modal form: fields, then save and cancel; Enter submits, Escape and «Отмена» close (asking when `dirty`). */
export function FormDialog({ open, onClose, title, onSubmit, submitting, submitLabel = T.save, width = '560px', dirty, children }: FormDialogProps) {
  return (
    <Modal open={open} onClose={onClose} width={width} dirty={dirty}>
      <form onSubmit={onSubmit} noValidate>
        <Dialog.Header>
          <Dialog.Title>{title}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Stack gap="4">{children}</Stack>
        </Dialog.Body>
        <Dialog.Footer>
          <Dialog.ActionTrigger asChild>
            <Button type="button" variant="outline">
              {T.cancel}
            </Button>
          </Dialog.ActionTrigger>
          <Button type="submit" colorPalette="blue" loading={submitting}>
            {submitLabel}
          </Button>
        </Dialog.Footer>
      </form>
    </Modal>
  )
}

type SaveDialogProps<TInput> = Omit<FormDialogProps, 'open' | 'onSubmit' | 'submitting' | 'dirty'> & {
  /** Open unless told: most dialogs are mounted only while open. */
  open?: boolean
  /**
   * The dialog's `useForm`: it checks the fields, puts the server's messages on them after a 400, asks before its
   * changes are thrown away, and is reset on close.
   */
  form: {
    dirty: boolean
    submitting: boolean
    submit: (action: (input: TInput) => Promise<unknown>) => (event?: { preventDefault(): void }) => unknown
    reset: () => void
  }
  /** Saves the checked input; then the dialog closes, says `saved` and `onDone` follows (the screen refreshes). */
  save: (input: TInput) => Promise<unknown>
  /** What the toast says after a save: «Сохранено» unless told (a new row's own message). */
  saved?: string
  onDone?: () => void
}

/** A form dialog that saves what it edits: the one way a dialog checks its form, saves, closes and reports back. */
export function SaveDialog<TInput>({ open = true, form, save, saved = T.saved, onDone, ...dialog }: SaveDialogProps<TInput>) {
  // A dialog kept mounted while closed opens again with its form as it started.
  const close = () => {
    form.reset()
    dialog.onClose()
  }
  const onSubmit = form.submit(async (input) => {
    await save(input)
    close()
    notify.success(saved)
    onDone?.()
  })
  return <FormDialog open={open} onSubmit={onSubmit} submitting={form.submitting} dirty={form.dirty} {...dialog} onClose={close} />
}
