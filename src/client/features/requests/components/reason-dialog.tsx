import { useState } from 'react'
import { T } from '../../../../shared/texts'
import { TextField } from '../../../components/ui/fields'
import { FormDialog } from '../../../components/ui/form-dialog'
import { useBusyAction } from '../../../components/ui/use-busy-action'

/**
 * Asks for a reason (declining an application, refusing a file) and hands it over; closing the dialog drops
 * what was typed, so a cancelled reason is never sent later.
 */
export function ReasonDialog({
  open,
  title,
  label,
  onClose,
  onSubmit,
}: {
  open: boolean
  title: string
  label: string
  onClose: () => void
  onSubmit: (reason: string) => Promise<void>
}) {
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string>()
  const { busy: sending, run } = useBusyAction()
  const close = () => {
    setReason('')
    setError(undefined)
    onClose()
  }
  return (
    <FormDialog
      open={open}
      onClose={close}
      title={title}
      submitLabel="Отправить"
      submitting={sending}
      dirty={reason.trim() !== ''}
      onSubmit={(event) => {
        event.preventDefault()
        if (!reason.trim()) return setError(T.required)
        void run(async () => {
          await onSubmit(reason.trim())
          close()
        })
      }}
    >
      <TextField
        label={label}
        multiline
        required
        value={reason}
        onChange={(value) => {
          setReason(value)
          setError(undefined)
        }}
        error={error}
        maxLength={2000}
        autoFocus
      />
    </FormDialog>
  )
}
