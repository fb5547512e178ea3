import { Checkbox, SimpleGrid } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { counterModelInput, type CounterModel } from '../../../../shared/schemas/references'
import { T } from '../../../../shared/texts'
import { NumberField, SelectField, TextField } from '../../../components/ui/fields'
import { SaveDialog } from '../../../components/ui/form-dialog'
import { useForm } from '../../../components/ui/use-form'
import { dataSourcesQueryOptions, modelApisQueryOptions, saveModel } from '../api/references'
import { ResourceSelect, type ReferenceDialogProps } from './reference-dialog'
import { withEmptySelects } from '../../../components/ui/empty-selects'

/** The energy resource is the form's own: it narrows the groups, and the server takes the model's from its group. */
const schema = withEmptySelects(counterModelInput, ['counter_model_api'])

type Props = ReferenceDialogProps<CounterModel> & {
  /** A new model's energy resource and group: the ones the screen shows. */
  resourceType?: number
  modelApi?: number
}

/**
 * Add or edit a meter model (metering.md: name, source, resource type, group, external model, storage, counter
 * width, decimal places, remark). Name and group are required.
 */
export function ModelDialog({ row, resourceType, modelApi, ...events }: Props) {
  const groups = useQuery(modelApisQueryOptions(null))
  const sources = useQuery(dataSourcesQueryOptions)
  const form = useForm(schema, {
    name: row?.name ?? '',
    source: row?.source ?? null,
    resource_type: row?.resource_type ?? resourceType ?? null,
    counter_model_api: row?.counter_model_api ?? modelApi ?? null,
    external_model: row?.external_model ?? '',
    has_storage: row?.has_storage ?? false,
    counter_width: (row?.counter_width ?? 6) as number | string,
    decimal_places: (row?.decimal_places ?? 2) as number | string,
    remark: row?.remark ?? '',
  })
  const allGroups = groups.data?.results ?? []
  const groupsOfResource = form.values.resource_type === null ? allGroups : allGroups.filter((g) => g.resource_type === form.values.resource_type)
  const pickResource = (id: number | null) => {
    form.set('resource_type', id)
    const group = allGroups.find((g) => g.counter_model_api_id === form.values.counter_model_api)
    if (group && id !== null && group.resource_type !== id) form.set('counter_model_api', null)
  }
  const pickGroup = (id: number | null) => {
    form.set('counter_model_api', id)
    const group = allGroups.find((g) => g.counter_model_api_id === id)
    if (group) form.set('resource_type', group.resource_type)
  }
  return (
    <SaveDialog
      title={row ? 'Модель счётчика' : 'Новая модель счётчика'}
      width="800px"
      form={form}
      save={(input) => saveModel(row?.model_id ?? null, input)}
      {...events}
    >
      <TextField label="Наименование" required {...form.field('name')} maxLength={150} />
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <ResourceSelect value={form.values.resource_type} onChange={pickResource} />
        <SelectField
          label="Группа моделей"
          required
          value={form.values.counter_model_api}
          options={groupsOfResource.map((g) => ({ value: g.counter_model_api_id, label: g.name }))}
          onChange={pickGroup}
          error={form.errors.counter_model_api}
          emptyText={T.noModelGroupsOfResource}
        />
        <SelectField
          label="Источник данных"
          options={(sources.data?.results ?? []).map((s) => ({ value: s.source_id, label: s.name }))}
          {...form.field('source')}
          placeholder="Не указан"
        />
        <TextField label="Внешняя модель" {...form.field('external_model')} maxLength={100} />
        <NumberField label="Разрядность" integer {...form.field('counter_width')} helper="От 1 до 12" />
        <NumberField label="Знаков после запятой" integer {...form.field('decimal_places')} helper="От 0 до 6" />
      </SimpleGrid>
      <Checkbox.Root checked={form.values.has_storage} onCheckedChange={(e) => form.set('has_storage', e.checked === true)}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>Есть память</Checkbox.Label>
      </Checkbox.Root>
      <TextField label="Примечание" multiline {...form.field('remark')} />
    </SaveDialog>
  )
}
