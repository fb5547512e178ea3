import { dataSourceInput, type DataSource } from '../../../../shared/schemas/references'
import { TextField } from '../../../components/ui/fields'
import { SaveDialog } from '../../../components/ui/form-dialog'
import { useForm } from '../../../components/ui/use-form'
import { saveDataSource } from '../api/references'
import type { ReferenceDialogProps } from './reference-dialog'

/** Add or edit a data source: name required, remark optional. */
export function DataSourceDialog({ row, ...events }: ReferenceDialogProps<DataSource>) {
  const form = useForm(dataSourceInput, { name: row?.name ?? '', remark: row?.remark ?? '' })
  return (
    <SaveDialog
      title={row ? 'Источник данных' : 'Новый источник данных'}
      form={form}
      save={(input) => saveDataSource(row?.source_id ?? null, input)}
      {...events}
    >
      <TextField label="Наименование" required {...form.field('name')} maxLength={100} />
      <TextField label="Примечание" multiline {...form.field('remark')} />
    </SaveDialog>
  )
}
