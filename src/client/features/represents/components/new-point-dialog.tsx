import * as v from 'valibot'
import { pointInput } from '../../../../shared/schemas/points'
import { FormDialog } from '../../../components/ui/form-dialog'
import { TextField } from '../../../components/ui/fields'
import { useForm } from '../../../components/ui/use-form'
import { api } from '../../../lib/api-client'

const EMPTY = { name: '', point_number: '', address: '', remark: '' }
const createdPoint = v.object({ point_id: v.number() })

/** A new metering point (POST /api/points/), attached to the object once created. */
export function NewPointDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (pointId: number) => void }) {
  const form = useForm(pointInput, EMPTY)
  const close = () => {
    form.reset(EMPTY)
    onClose()
  }
  const onSubmit = form.submit(async (body) => {
    const point = await api('/api/points/', { method: 'POST', body, schema: createdPoint })
    onCreated(point.point_id)
    close()
  })
  return (
    <FormDialog dirty={form.dirty} open={open} onClose={close} title="Новая точка учёта" onSubmit={onSubmit} submitting={form.submitting}>
      <TextField label="Название" required {...form.field('name')} />
      <TextField label="Номер точки учёта" required {...form.field('point_number')} />
      <TextField label="Адрес" required {...form.field('address')} />
      <TextField label="Примечание" multiline {...form.field('remark')} />
    </FormDialog>
  )
}
