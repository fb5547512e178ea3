import { useState } from 'react'
import { T } from '../../../../shared/texts'
import { takeOff } from '../../../../shared/schemas/counters'
import { FormDialog } from '../../../components/ui/form-dialog'
import { TextField } from '../../../components/ui/fields'
import { notify } from '../../../components/ui/notify'
import { useForm } from '../../../components/ui/use-form'
import { isoDate } from '../../../lib/format'
import { takeOffCounter } from '../api/counters'
import { DateField } from '../../../components/ui/date-field'

/** Removal of the current meter: the operation date and the reason land in its history. */
export function TakeOffDialog({
  counter,
  onClose,
  onDone,
}: {
  counter: { counter_id: number; serial_num: string } | null
  onClose: () => void
  onDone: () => void
}) {
  const [initial] = useState(() => ({ operation_date: isoDate(new Date()), comment: '' }))
  const form = useForm(takeOff, initial)
  return (
    <FormDialog
      open={counter !== null}
      onClose={onClose}
      title={`Снятие счётчика ${counter?.serial_num ?? ''}`}
      submitLabel="Снять"
      submitting={form.submitting}
      onSubmit={form.submit(async (input) => {
        await takeOffCounter(counter!.counter_id, input)
        notify.success(T.counterRemovedOk)
        onDone()
        onClose()
      })}
    >
      <DateField label="Дата снятия" required {...form.field('operation_date')} />
      <TextField label="Причина снятия" required multiline {...form.field('comment')} />
    </FormDialog>
  )
}
