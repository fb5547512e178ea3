import { useState } from 'react'
import { Eye } from 'lucide-react'
import type { AuditEntry } from '../../../../shared/schemas/audit'
import { T } from '../../../../shared/texts'
import { DataTable, type Column, type ListTableProps } from '../../../components/ui/data-table'
import { RowAction } from '../../../components/ui/row-actions'
import { formatDateTime } from '../../../lib/format'
import { AuditEntryDialog } from './audit-entry-dialog'
import { actionName, authorName, entityName } from './audit-text'

const COLUMNS: Column<AuditEntry>[] = [
  { key: 'created_at', header: 'Время', render: (e) => formatDateTime(e.created_at), width: '10rem' },
  { key: 'user', header: 'Пользователь', render: authorName },
  { key: 'entity', header: 'Тип записи', render: (e) => entityName(e.entity) },
  { key: 'entity_id', header: '№ записи', width: '7rem' },
  { key: 'action', header: 'Действие', render: (e) => actionName(e.action) },
  { key: 'remark', header: 'Комментарий', render: (e) => e.remark ?? '', hideBelow: 'lg' },
]

type Props = { table: ListTableProps<AuditEntry> }

/** The audit trail, newest first; a row (or its eye) opens the entry's fields before → after. */
export function AuditTable({ table }: Props) {
  const [open, setOpen] = useState<AuditEntry | null>(null)
  const describe = (e: AuditEntry) => `${actionName(e.action)}: ${entityName(e.entity)} №${e.entity_id}, ${formatDateTime(e.created_at)}`
  return (
    <>
      <DataTable
        label={T.auditTitle}
        columns={COLUMNS}
        rowKey={(e) => e.audit_id}
        emptyText={T.auditEmpty}
        onRowClick={setOpen}
        actions={(e) => (
          <RowAction label={`Подробнее: ${describe(e)}`} onClick={() => setOpen(e)}>
            <Eye />
          </RowAction>
        )}
        {...table}
      />
      <AuditEntryDialog entry={open} onClose={() => setOpen(null)} />
    </>
  )
}
