import type { ColumnTable } from '../../../lib/column-settings'
import { REQUESTS_TABLE_VERSION } from '../../../../shared/constants'
import { Badge, HStack } from '@chakra-ui/react'
import type { DocumentRequest } from '../../../../shared/schemas/requests'
import type { Column } from '../../../components/ui/data-table'
import { formatDate, fullName } from '../../../lib/format'
import { REQUEST_STATUS_PALETTE } from './status-palettes'

function RequestStatusBadge({ status }: { status: DocumentRequest['status'] }) {
  return (
    <Badge colorPalette={REQUEST_STATUS_PALETTE[status.id]} variant={status.id === 1 ? 'outline' : 'solid'}>
      {status.name}
    </Badge>
  )
}

/** Every column the applications table can show; the user picks the visible ones. */
export const REQUEST_COLUMNS: Column<DocumentRequest>[] = [
  { key: 'request_number', header: '№ заявки' },
  { key: 'created_at', header: 'Дата подачи', render: (r) => formatDate(r.created_at) },
  { key: 'customer', header: 'Абонент', render: (r) => r.customer.name },
  { key: 'customer_number', header: 'Лицевой счёт', render: (r) => r.customer.customer_number || '—' },
  { key: 'user', header: 'Заявитель', render: (r) => [r.user.last_name, r.user.first_name].filter(Boolean).join(' ') || r.user.username },
  { key: 'type', header: 'Тип заявки', render: (r) => r.type.name },
  { key: 'status', header: 'Статус', render: (r) => <RequestStatusBadge status={r.status} /> },
  { key: 'assigned_user', header: 'Ответственный', render: (r) => fullName(r.assigned_user) || '—' },
  { key: 'expired_date', header: 'Срок рассмотрения', render: (r) => formatDate(r.expired_date) },
  {
    key: 'news',
    header: 'Новое',
    render: (r) => (
      <HStack gap="1">
        {r.new_files > 0 && <Badge colorPalette="orange">Файлы: {r.new_files}</Badge>}
        {r.unread_comments > 0 && <Badge colorPalette="red">Сообщения: {r.unread_comments}</Badge>}
      </HStack>
    ),
  },
  { key: 'external_send_date', header: 'Отправлена в сбыт', render: (r) => formatDate(r.external_send_date) },
]

const REQUEST_COLUMN_KEYS = REQUEST_COLUMNS.map((c) => c.key)
const DEFAULT_REQUEST_COLUMNS = ['request_number', 'created_at', 'customer', 'type', 'status', 'assigned_user', 'expired_date', 'news']

/** The applications table's column choice as this device keeps it. */
export const REQUESTS_TABLE: ColumnTable = {
  storageKey: 'documents-requests-columns',
  version: REQUESTS_TABLE_VERSION,
  known: REQUEST_COLUMN_KEYS,
  defaults: DEFAULT_REQUEST_COLUMNS,
}
