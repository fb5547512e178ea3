import { dataParameterInput, type DataParameter } from '../../../../shared/schemas/references'
import { TextField } from '../../../components/ui/fields'
import { SaveDialog } from '../../../components/ui/form-dialog'
import { useForm } from '../../../components/ui/use-form'
import { saveDataParameter } from '../api/references'
import { ResourceSelect, type ReferenceDialogProps } from './reference-dialog'

/** Add or edit a measured parameter type: name and energy resource required. */
export function DataParameterDialog({ row, ...events }: ReferenceDialogProps<DataParameter>) {
  const form = useForm(dataParameterInput, {
    name: row?.name ?? '',
    resource_type_id: (row?.resource_type_id.resource_type_id ?? '') as number | '',
    remark: row?.remark ?? '',
  })
  return (
    <SaveDialog
      title={row ? 'Измеряемый параметр' : 'Новый измеряемый параметр'}
      form={form}
      save={(input) => saveDataParameter(row?.parameter_id ?? null, input)}
      {...events}
    >
      <TextField label="Наименование" required {...form.field('name')} maxLength={150} />
      <ResourceSelect
        required
        value={form.values.resource_type_id === '' ? null : form.values.resource_type_id}
        onChange={(x) => form.set('resource_type_id', x ?? '')}
        error={form.errors.resource_type_id}
      />
      <TextField label="Примечание" multiline {...form.field('remark')} />
    </SaveDialog>
  )
}
