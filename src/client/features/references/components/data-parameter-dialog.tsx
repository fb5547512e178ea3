import { dataParameterInput, type DataParameter } from '../../../../shared/schemas/references'
import { saveDataParameter } from '../api/references'
import { withEmptySelects } from '../../../components/ui/empty-selects'
import { nameField, ReferenceDialog, remarkField, type ReferenceDialogProps } from './reference-dialog'

const schema = withEmptySelects(dataParameterInput, ['resource_type_id'])

/** Add or edit a measured parameter type: name and energy resource required. */
export function DataParameterDialog({ row, ...events }: ReferenceDialogProps<DataParameter>) {
  return (
    <ReferenceDialog
      title={row ? 'Измеряемый параметр' : 'Новый измеряемый параметр'}
      schema={schema}
      initial={{ name: row?.name ?? '', resource_type_id: row?.resource_type_id.resource_type_id ?? null, remark: row?.remark ?? '' }}
      fields={[nameField(150), { key: 'resource_type_id', resource: true }, remarkField]}
      save={(input) => saveDataParameter(row?.parameter_id ?? null, input)}
      {...events}
    />
  )
}
