import { counterModelApiInput, type CounterModelApi } from '../../../../shared/schemas/references'
import { TextField } from '../../../components/ui/fields'
import { SaveDialog } from '../../../components/ui/form-dialog'
import { useForm } from '../../../components/ui/use-form'
import { saveModelApi } from '../api/references'
import { ResourceSelect, type ReferenceDialogProps } from './reference-dialog'
import { withEmptySelects } from './empty-selects'

const schema = withEmptySelects(counterModelApiInput, ['resource_type'])

type Props = ReferenceDialogProps<CounterModelApi> & {
  /** The energy resource a new group is of: the one the screen shows. */
  resourceType?: number
}

/** Add or edit a meter model group: name and energy resource required, the collector's protocol optional. */
export function ModelGroupDialog({ row, resourceType, ...events }: Props) {
  const form = useForm(schema, {
    name: row?.name ?? '',
    resource_type: row?.resource_type ?? resourceType ?? null,
    driver: row?.driver ?? '',
  })
  return (
    <SaveDialog
      title={row ? 'Группа моделей' : 'Новая группа моделей'}
      form={form}
      save={(input) => saveModelApi(row?.counter_model_api_id ?? null, input)}
      {...events}
    >
      <TextField label="Наименование" required {...form.field('name')} maxLength={150} />
      <ResourceSelect required {...form.field('resource_type')} />
      <TextField
        label="Протокол"
        {...form.field('driver')}
        maxLength={50}
        helper="Драйвер сборщика; опрашиваются mercury230 и mercury206, пусто — группа не опрашивается"
      />
    </SaveDialog>
  )
}
