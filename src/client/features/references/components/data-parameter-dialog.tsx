import { useQuery } from '@tanstack/react-query'
import { dataParameterInput, type DataParameter } from '../../../../shared/schemas/references'
import { T } from '../../../../shared/texts'
import { FormDialog } from '../../../components/ui/form-dialog'
import { SelectField, TextField } from '../../../components/ui/fields'
import { notify } from '../../../components/ui/notify'
import { useForm } from '../../../components/ui/use-form'
import { resourcesQueryOptions, saveDataParameter } from '../api/references'

/** Add or edit a measured parameter type: name and energy resource required. */
export function DataParameterDialog({ parameter, onClose, onDone }: { parameter: DataParameter | 'new' | null; onClose: () => void; onDone: () => void }) {
  const current = parameter === 'new' ? null : parameter
  const resources = useQuery(resourcesQueryOptions)
  const form = useForm(dataParameterInput, {
    name: current?.name ?? '',
    resource_type_id: (current?.resource_type_id.resource_type_id ?? '') as number | '',
    remark: current?.remark ?? '',
  })
  return (
    <FormDialog
      open={parameter !== null}
      onClose={onClose}
      title={current ? 'Измеряемый параметр' : 'Новый измеряемый параметр'}
      submitting={form.submitting}
      onSubmit={form.submit(async (input) => {
        await saveDataParameter(current?.parameter_id ?? null, input)
        notify.success(T.saved)
        onDone()
        onClose()
      })}
    >
      <TextField label="Наименование" required value={form.values.name} onChange={(x) => form.set('name', x)} error={form.errors.name} maxLength={150} />
      <SelectField
        label="Энергоресурс"
        required
        value={form.values.resource_type_id === '' ? null : form.values.resource_type_id}
        options={(resources.data?.results ?? []).map((r) => ({ value: r.resource_type_id, label: r.name }))}
        onChange={(x) => form.set('resource_type_id', x ?? '')}
        error={form.errors.resource_type_id}
        emptyText={T.empty}
      />
      <TextField label="Примечание" multiline value={form.values.remark} onChange={(x) => form.set('remark', x)} error={form.errors.remark} />
    </FormDialog>
  )
}
