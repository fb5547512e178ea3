import { useState } from 'react'
import type { Column } from '../../../components/ui/data-table'
import { CheckboxList } from '../../../components/ui/checkbox-list'
import { FormDialog } from '../../../components/ui/form-dialog'
import { T } from '../../../../shared/texts'

/** Picks the visible columns of a table; at least one stays. */
export function ColumnsDialog<Row>({
  open,
  columns,
  visible,
  onClose,
  onSave,
}: {
  open: boolean
  columns: Column<Row>[]
  visible: string[]
  onClose: () => void
  onSave: (keys: string[]) => void
}) {
  const [picked, setPicked] = useState(visible)
  const error = picked.length === 0 ? T.pickColumn : undefined
  // Ticked and unticked back is no change: only another set of columns is worth asking about.
  const dirty = picked.length !== visible.length || picked.some((key) => !visible.includes(key))
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Столбцы таблицы"
      dirty={dirty}
      onSubmit={(event) => {
        event.preventDefault()
        if (error) return
        // Keep the table's own order whatever order the boxes were ticked in.
        onSave(columns.map((c) => c.key).filter((key) => picked.includes(key)))
        onClose()
      }}
    >
      <CheckboxList
        legend="Показывать столбцы"
        options={columns.map((c) => ({ value: c.key, label: String(c.header) }))}
        value={picked}
        onChange={setPicked}
        columns={2}
        error={error}
      />
    </FormDialog>
  )
}
