import { resourceTypeInput, type ResourceType } from '../../../../shared/schemas/references'
import { T } from '../../../../shared/texts'
import { FormDialog } from '../../../components/ui/form-dialog'
import { TextField } from '../../../components/ui/fields'
import { notify } from '../../../components/ui/notify'
import { useForm } from '../../../components/ui/use-form'
import { saveResourceType } from '../api/references'

/** Add or rename a resource type (энергоресурс): its name only. */
export function ResourceTypeDialog(props: { resourceType: ResourceType | 'new' | null; onClose: () => void; onDone: () => void }) {
  const current = props.resourceType === 'new' ? null : props.resourceType
  const form = useForm(resourceTypeInput, { name: current?.name ?? '' })
  return (
    <FormDialog
      open={props.resourceType !== null}
      onClose={props.onClose}
      title={current ? 'Энергоресурс' : 'Новый энергоресурс'}
      submitting={form.submitting}
      onSubmit={form.submit(async (input) => {
        await saveResourceType(current?.resource_type_id ?? null, input)
        notify.success(T.saved)
        props.onDone()
        props.onClose()
      })}
    >
      <TextField label="Наименование" required value={form.values.name} onChange={(x) => form.set('name', x)} error={form.errors.name} maxLength={100} />
    </FormDialog>
  )
}
