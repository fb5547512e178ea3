import { counterModelApiInput, type CounterModelApi } from '../../../../shared/schemas/references'
import { TextField } from '../../../components/ui/fields'
import { useForm } from '../../../components/ui/use-form'
import { saveModelApi } from '../api/references'
import { ReferenceDialog, ResourceSelect } from './reference-dialog'
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
  const form = useForm(schema, {
    name: current?.name ?? '',
    resource_type: current?.resource_type ?? resourceType ?? null,
    driver: current?.driver ?? '',
  })
  return (
    <ReferenceDialog
      open={group !== null}
      title={current ? 'Группа моделей' : 'Новая группа моделей'}
      form={form}
      save={(input) => saveModelApi(current?.counter_model_api_id ?? null, input)}
      onClose={onClose}
      onDone={onDone}
    >
      <TextField label="Наименование" required {...form.field('name')} maxLength={150} />
      <ResourceSelect required {...form.field('resource_type')} />
      <TextField
        label="Протокол"
        {...form.field('driver')}
        maxLength={50}
        helper="Драйвер сборщика; опрашиваются mercury230 и mercury206, пусто — группа не опрашивается"
      />
    </ReferenceDialog>
  )
}
