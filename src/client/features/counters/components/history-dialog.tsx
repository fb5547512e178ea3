import { Dialog } from '@chakra-ui/react'
import { Modal } from '../../../components/ui/modal'
import { useQuery } from '@tanstack/react-query'
import { DataTable } from '../../../components/ui/data-table'
import { formatDate } from '../../../lib/format'
import { counterHistoryQueryOptions } from '../api/counters'

/** The meter's operations with their users (dialog 800 px wide, as the spec has it). */
export function HistoryDialog({ counter, onClose }: { counter: { counter_id: number; serial_num: string } | null; onClose: () => void }) {
  const history = useQuery({ ...counterHistoryQueryOptions(counter?.counter_id ?? 0), enabled: counter !== null })
  return (
    <Modal open={counter !== null} onClose={onClose} width="800px">
      <Dialog.Header>
        <Dialog.Title>История счётчика {counter?.serial_num}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <DataTable
          label="История счётчика"
          columns={[
            { key: 'counter_serial_num', header: 'Счётчик' },
            { key: 'operation_date', header: 'Дата', render: (r) => formatDate(r.operation_date) },
            { key: 'coper_type_name', header: 'Операция' },
            { key: 'comment', header: 'Комментарий' },
            { key: 'point_name', header: 'Точка учёта', hideBelow: 'md', render: (r) => r.point_name ?? '' },
            { key: 'user_name', header: 'Пользователь', render: (r) => r.user_name ?? '' },
          ]}
          rows={history.data?.results ?? []}
          rowKey={(r) => r.counter_oper_id}
          loading={history.isFetching}
          error={history.error}
          onRetry={() => void history.refetch()}
        />
      </Dialog.Body>
    </Modal>
  )
}
