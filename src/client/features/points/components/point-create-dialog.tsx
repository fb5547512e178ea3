import { useQuery } from '@tanstack/react-query'
import { DEFAULT_ENERGY_LIMIT_KWH } from '../../../../shared/constants'
import { pointForm } from '../../../../shared/schemas/points'
import { T } from '../../../../shared/texts'
import { FormDialog } from '../../../components/ui/form-dialog'
import { notify } from '../../../components/ui/notify'
import { useForm } from '../../../components/ui/use-form'
import { numberText } from '../../../lib/format'
import { customersForSelection, savePointCreate } from '../api/points'
import { customerNameOf, PointFields, type PointFormValues } from './point-fields'

const EMPTY: PointFormValues = {
  name: '',
  point_number: '',
  address: '',
  latitude: '',
  longitude: '',
  remark: '',
  customer_id: null,
  energy_limit: numberText(DEFAULT_ENERGY_LIMIT_KWH),
}

/** The add-point form: saved through the outbox, so it works offline too. */
export function PointCreateDialog({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) {
  const form = useForm(pointForm, EMPTY)
  const customers = useQuery({ ...customersForSelection, enabled: open })
  const close = () => {
    form.reset(EMPTY)
    onClose()
  }
  return (
    <FormDialog
      dirty={form.dirty}
      open={open}
      onClose={close}
      title="Новая точка учёта"
      width="800px"
      submitting={form.submitting}
      onSubmit={form.submit(async (input) => {
        await savePointCreate(input, customerNameOf(customers.data?.results, input.customer_id))
        notify.success(T.pointAdded)
        close()
        onDone()
      })}
    >
      <PointFields form={form} />
    </FormDialog>
  )
}
