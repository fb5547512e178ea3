import { resourceTypeInput, type ResourceType } from '../../../../shared/schemas/references'
import { saveResourceType } from '../api/references'
import { nameField, ReferenceDialog, type ReferenceDialogProps } from './reference-dialog'

/** Add or rename a resource type (энергоресурс): its name only. */
export function ResourceTypeDialog({ row, ...events }: ReferenceDialogProps<ResourceType>) {
  return (
    <ReferenceDialog
      title={row ? 'Энергоресурс' : 'Новый энергоресурс'}
      schema={resourceTypeInput}
      initial={{ name: row?.name ?? '' }}
      fields={[nameField(100)]}
      save={(input) => saveResourceType(row?.resource_type_id ?? null, input)}
      {...events}
    />
  )
}
