import { resourceTypeInput, type ResourceType } from '../../../../shared/schemas/references'
import { TextField } from '../../../components/ui/fields'
import { useForm } from '../../../components/ui/use-form'
import { saveResourceType } from '../api/references'
import { ReferenceDialog } from './reference-dialog'

/** Add or rename a resource type (энергоресурс): its name only. */
export function ResourceTypeDialog(props: { resourceType: ResourceType | 'new' | null; onClose: () => void; onDone: () => void }) {
  const current = props.resourceType === 'new' ? null : props.resourceType
  const form = useForm(resourceTypeInput, { name: current?.name ?? '' })
  return (
    <ReferenceDialog
      open={props.resourceType !== null}
      title={current ? 'Энергоресурс' : 'Новый энергоресурс'}
      form={form}
      save={(input) => saveResourceType(current?.resource_type_id ?? null, input)}
      onClose={props.onClose}
      onDone={props.onDone}
    >
      <TextField label="Наименование" required {...form.field('name')} maxLength={100} />
    </ReferenceDialog>
  )
}
