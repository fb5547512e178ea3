import { dataSourceInput, type DataSource } from '../../../../shared/schemas/references'
import { TextField } from '../../../components/ui/fields'
import { useForm } from '../../../components/ui/use-form'
import { saveDataSource } from '../api/references'
import { ReferenceDialog } from './reference-dialog'

/** Add or edit a data source: name required, remark optional. */
export function DataSourceDialog({ source, onClose, onDone }: { source: DataSource | 'new' | null; onClose: () => void; onDone: () => void }) {
  const current = source === 'new' ? null : source
  const form = useForm(dataSourceInput, { name: current?.name ?? '', remark: current?.remark ?? '' })
  return (
    <ReferenceDialog
      open={source !== null}
      title={current ? 'Источник данных' : 'Новый источник данных'}
      form={form}
      save={(input) => saveDataSource(current?.source_id ?? null, input)}
      onClose={onClose}
      onDone={onDone}
    >
      <TextField label="Наименование" required {...form.field('name')} maxLength={100} />
      <TextField label="Примечание" multiline {...form.field('remark')} />
    </ReferenceDialog>
  )
}
