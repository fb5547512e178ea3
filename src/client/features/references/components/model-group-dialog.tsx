import { useQuery } from '@tanstack/react-query'
import { counterModelApiInput, type CounterModelApi } from '../../../../shared/schemas/references'
import { T } from '../../../../shared/texts'
import { FormDialog } from '../../../components/ui/form-dialog'
import { SelectField, TextField } from '../../../components/ui/fields'
import { notify } from '../../../components/ui/notify'
import { useForm } from '../../../components/ui/use-form'
import { resourcesQueryOptions, saveModelApi } from '../api/references'
import { withEmptySelects } from './empty-selects'

const schema = withEmptySelects(counterModelApiInput, ['resource_type'])

type Props = {
  group: CounterModelApi | 'new' | null
  /** The energy resource a new group is of: the one the screen shows. */
  resourceType?: number
  onClose: () => void
  onDone: () => void
}

/** Add or edit a meter model group: name and energy resource required, the collector's protocol optional. */
export function ModelGroupDialog({ group, resourceType, onClose, onDone }: Props) {
  const current = group === 'new' ? null : group
  const resources = useQuery(resourcesQueryOptions)
  const form = useForm(schema, {
    name: current?.name ?? '',
    resource_type: current?.resource_type ?? resourceType ?? null,
    driver: current?.driver ?? '',
  })
  return (
    <FormDialog
      open={group !== null}
      onClose={onClose}
      title={current ? 'Группа моделей' : 'Новая группа моделей'}
      submitting={form.submitting}
      onSubmit={form.submit(async (input) => {
        await saveModelApi(current?.counter_model_api_id ?? null, input)
        notify.success(T.saved)
        onDone()
        onClose()
      })}
    >
      <TextField label="Наименование" required value={form.values.name} onChange={(x) => form.set('name', x)} error={form.errors.name} maxLength={150} />
      <SelectField
        label="Энергоресурс"
        required
        value={form.values.resource_type}
        options={(resources.data?.results ?? []).map((r) => ({ value: r.resource_type_id, label: r.name }))}
        onChange={(x) => form.set('resource_type', x)}
        error={form.errors.resource_type}
        emptyText={T.empty}
      />
      <TextField
        label="Протокол"
        value={form.values.driver}
        onChange={(x) => form.set('driver', x)}
        error={form.errors.driver}
        maxLength={50}
        helper="Драйвер сборщика; опрашиваются mercury230 и mercury206, пусто — группа не опрашивается"
      />
    </FormDialog>
  )
}
