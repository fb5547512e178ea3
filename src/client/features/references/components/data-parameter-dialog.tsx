import { dataParameterInput, type DataParameter } from '../../../../shared/schemas/references'
import { TextField } from '../../../components/ui/fields'
import { useForm } from '../../../components/ui/use-form'
import { saveDataParameter } from '../api/references'
import { ReferenceDialog, ResourceSelect } from './reference-dialog'

/** Add or edit a measured parameter type: name and energy resource required. */
export function DataParameterDialog({ parameter, onClose, onDone }: { parameter: DataParameter | 'new' | null; onClose: () => void; onDone: () => void }) {
  const current = parameter === 'new' ? null : parameter
  const form = useForm(dataParameterInput, {
    name: current?.name ?? '',
    resource_type_id: (current?.resource_type_id.resource_type_id ?? '') as number | '',
    remark: current?.remark ?? '',
  })
  return (
    <ReferenceDialog
      open={parameter !== null}
      title={current ? 'Измеряемый параметр' : 'Новый измеряемый параметр'}
      form={form}
      save={(input) => saveDataParameter(current?.parameter_id ?? null, input)}
      onClose={onClose}
      onDone={onDone}
    >
      <TextField label="Наименование" required {...form.field('name')} maxLength={150} />
      <ResourceSelect
        required
        value={form.values.resource_type_id === '' ? null : form.values.resource_type_id}
        onChange={(x) => form.set('resource_type_id', x ?? '')}
        error={form.errors.resource_type_id}
      />
      <TextField label="Примечание" multiline {...form.field('remark')} />
    </ReferenceDialog>
  )
}
