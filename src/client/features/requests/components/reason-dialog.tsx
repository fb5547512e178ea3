import { useState } from 'react'
import { T } from '../../../../shared/texts'
import { TextField } from '../../../components/ui/fields'
import { FormDialog } from '../../../components/ui/form-dialog'
import { notify } from '../../../components/ui/notify'

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
  const [sending, setSending] = useState(false)
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
      onSubmit={(event) => {
        event.preventDefault()
        if (!reason.trim()) return setError(T.required)
        setSending(true)
        onSubmit(reason.trim())
          .then(close, notify.error)
          .finally(() => setSending(false))
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
