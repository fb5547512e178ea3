import { useState } from 'react'
import { T } from '../../../../shared/texts'
import { takeOff } from '../../../../shared/schemas/counters'
import { FormDialog } from '../../../components/ui/form-dialog'
import { TextField } from '../../../components/ui/fields'
import { notify } from '../../../components/ui/notify'
import { useForm } from '../../../components/ui/use-form'
import { isoDate } from '../../../lib/format'
import { useTakeOffCounter } from '../api/counters'
import { DateField } from '../../../components/ui/date-field'

/** Removal of the current meter: the operation date and the reason land in its history. */
export function TakeOffDialog({ counter, onClose }: { counter: { counter_id: number; serial_num: string } | null; onClose: () => void }) {
  const [initial] = useState(() => ({ operation_date: isoDate(new Date()), comment: '' }))
  const form = useForm(takeOff, initial)
  const takeOffCounter = useTakeOffCounter()
  return (
    <FormDialog
      dirty={form.dirty}
      open={counter !== null}
      onClose={onClose}
      title={`Снятие счётчика ${counter?.serial_num ?? ''}`}
      submitLabel="Снять"
      submitting={form.submitting}
      onSubmit={form.submit(async (input) => {
        await takeOffCounter.mutateAsync({ counterId: counter!.counter_id, body: input })
        notify.success(T.counterRemovedOk)
        onClose()
      })}
    >
      <DateField label="Дата снятия" required {...form.field('operation_date')} />
      <TextField label="Причина снятия" required multiline {...form.field('comment')} />
    </FormDialog>
  )
}
