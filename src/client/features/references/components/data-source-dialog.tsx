import { dataSourceInput, type DataSource } from '../../../../shared/schemas/references'
import { saveDataSource } from '../api/references'
import { nameField, ReferenceDialog, remarkField, type ReferenceDialogProps } from './reference-dialog'

/** Add or edit a data source: name required, remark optional. */
export function DataSourceDialog({ row, ...events }: ReferenceDialogProps<DataSource>) {
  return (
    <ReferenceDialog
      title={row ? 'Источник данных' : 'Новый источник данных'}
      schema={dataSourceInput}
      initial={{ name: row?.name ?? '', remark: row?.remark ?? '' }}
      fields={[nameField(100), remarkField]}
      save={(input) => saveDataSource(row?.source_id ?? null, input)}
      {...events}
    />
  )
}
