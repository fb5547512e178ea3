import { resourceTypeInput, type ResourceType } from '../../../../shared/schemas/references'
import { TextField } from '../../../components/ui/fields'
import { SaveDialog } from '../../../components/ui/form-dialog'
import { useForm } from '../../../components/ui/use-form'
import { saveResourceType } from '../api/references'
import type { ReferenceDialogProps } from './reference-dialog'

/** Add or rename a resource type (энергоресурс): its name only. */
export function ResourceTypeDialog({ row, ...events }: ReferenceDialogProps<ResourceType>) {
  const form = useForm(resourceTypeInput, { name: row?.name ?? '' })
  return (
    <SaveDialog
      title={row ? 'Энергоресурс' : 'Новый энергоресурс'}
      form={form}
      save={(input) => saveResourceType(row?.resource_type_id ?? null, input)}
      {...events}
    >
      <TextField label="Наименование" required {...form.field('name')} maxLength={100} />
    </SaveDialog>
  )
}
