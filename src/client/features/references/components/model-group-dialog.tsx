import { counterModelApiInput, type CounterModelApi } from '../../../../shared/schemas/references'
import { saveModelApi } from '../api/references'
import { withEmptySelects } from '../../../components/ui/empty-selects'
import { nameField, ReferenceDialog, type ReferenceDialogProps } from './reference-dialog'

const schema = withEmptySelects(counterModelApiInput, ['resource_type'])

type Props = ReferenceDialogProps<CounterModelApi> & {
  /** The energy resource a new group is of: the one the screen shows. */
  resourceType?: number
}

/** Add or edit a meter model group: name and energy resource required, the collector's protocol optional. */
export function ModelGroupDialog({ row, resourceType, ...events }: Props) {
  return (
    <ReferenceDialog
      title={row ? 'Группа моделей' : 'Новая группа моделей'}
      schema={schema}
      initial={{ name: row?.name ?? '', resource_type: row?.resource_type ?? resourceType ?? null, driver: row?.driver ?? '' }}
      fields={[
        nameField(150),
        { key: 'resource_type', resource: true },
        {
          key: 'driver',
          label: 'Протокол',
          maxLength: 50,
          helper: 'Драйвер сборщика; опрашиваются mercury230 и mercury206, пусто — группа не опрашивается',
        },
      ]}
      save={(input) => saveModelApi(row?.counter_model_api_id ?? null, input)}
      {...events}
    />
  )
}
