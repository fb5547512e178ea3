import * as v from 'valibot'
import { counterUpdate } from '../../../../shared/schemas/counters'
import { T } from '../../../../shared/texts'
import { FormDialog } from '../../../components/ui/form-dialog'
import { NumberField, TextField } from '../../../components/ui/fields'
import { notify } from '../../../components/ui/notify'
import { useForm } from '../../../components/ui/use-form'
import { useLeaveGuard } from '../../../components/ui/use-leave-guard'
import { numberText } from '../../../lib/format'
import { savedText, sendEdit } from '../../../lib/send-edit'
import { COUNTER_WRITABLE_FIELDS, type CounterPatch, type CounterRow } from '../../../offline'
import { saveCounterEdit } from '../api/counters'

const editForm = v.object({
  serial_num: counterUpdate.entries.serial_num.wrapped,
  coeff: counterUpdate.entries.coeff.wrapped,
  coeff_voltage: counterUpdate.entries.coeff_voltage.wrapped,
  time_zone: counterUpdate.entries.time_zone.wrapped,
})

/** Serial number and ratios; sent (through the outbox) only when one of them changed, otherwise the form just closes. */
export function CounterEditDialog({ counter, onClose, onDone }: { counter: CounterRow | null; onClose: () => void; onDone: () => void }) {
  const form = useForm(editForm, {
    serial_num: counter?.serial_num ?? '',
    coeff: numberText(counter?.coeff ?? 1),
    coeff_voltage: numberText(counter?.coeff_voltage ?? 1),
    time_zone: counter?.time_zone ?? '',
  })
  useLeaveGuard(counter !== null && form.dirty && !form.submitting)
  return (
    <FormDialog
      dirty={form.dirty}
      open={counter !== null}
      onClose={onClose}
      title={`Счётчик ${counter?.serial_num ?? ''}`}
      submitting={form.submitting}
      onSubmit={form.submit(async (input) => {
        const current = counter!
        const patch = Object.fromEntries(COUNTER_WRITABLE_FIELDS.filter((f) => input[f] !== (current[f] ?? null)).map((f) => [f, input[f]])) as CounterPatch
        if (Object.keys(patch).length > 0) {
          const outcome = await sendEdit(await saveCounterEdit(current, patch))
          onDone()
          if (outcome === 'accepted') notify.success(savedText(outcome))
          else notify.info(savedText(outcome))
        }
        onClose()
      })}
    >
      <TextField label="Серийный номер" required {...form.field('serial_num')} />
      <NumberField label="Коэффициент трансформации тока" required {...form.field('coeff')} />
      <NumberField label="Коэффициент трансформации напряжения" required {...form.field('coeff_voltage')} />
      <TextField
        label={T.timeZoneLabel}
        helper={T.timeZoneHelper}
        value={form.values.time_zone ?? ''}
        onChange={(x) => form.set('time_zone', x)}
        error={form.errors.time_zone}
        placeholder="Europe/Moscow"
      />
    </FormDialog>
  )
}
