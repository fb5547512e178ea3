import { dataSourceInput, type DataSource } from '../../../../shared/schemas/references'
import { T } from '../../../../shared/texts'
import { FormDialog } from '../../../components/ui/form-dialog'
import { TextField } from '../../../components/ui/fields'
import { notify } from '../../../components/ui/notify'
import { useForm } from '../../../components/ui/use-form'
import { saveDataSource } from '../api/references'

/** Add or edit a data source: name required, remark optional. */
export function DataSourceDialog({ source, onClose, onDone }: { source: DataSource | 'new' | null; onClose: () => void; onDone: () => void }) {
  const current = source === 'new' ? null : source
  const form = useForm(dataSourceInput, { name: current?.name ?? '', remark: current?.remark ?? '' })
  return (
    <FormDialog
      open={source !== null}
      onClose={onClose}
      title={current ? 'Источник данных' : 'Новый источник данных'}
      submitting={form.submitting}
      onSubmit={form.submit(async (input) => {
        await saveDataSource(current?.source_id ?? null, input)
        notify.success(T.saved)
        onDone()
        onClose()
      })}
    >
      <TextField label="Наименование" required value={form.values.name} onChange={(x) => form.set('name', x)} error={form.errors.name} maxLength={100} />
      <TextField label="Примечание" multiline value={form.values.remark} onChange={(x) => form.set('remark', x)} error={form.errors.remark} />
    </FormDialog>
  )
}
