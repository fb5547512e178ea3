import { Badge, Box, Dialog, Stack, Text } from '@chakra-ui/react'
import { Modal } from '../../../components/ui/modal'
import { useQuery } from '@tanstack/react-query'
import { T } from '../../../../shared/texts'
import { formatDateTime } from '../../../lib/format'
import { errorMessage } from '../../../lib/api-client'
import { taskLogsQueryOptions } from '../api/collection'
import { LoadingSpinner } from '../../../components/ui/loading-spinner'
import { runOutcome } from './run-outcome'

/** The runs of a task, newest first: start date, 'Выполнено' (or 'Выполнено частично') or 'Ошибка', and what happened. */
export function TaskLogDialog({ taskId, onClose }: { taskId: number | null; onClose: () => void }) {
  const logs = useQuery({ ...taskLogsQueryOptions(taskId ?? 0), enabled: taskId !== null })
  return (
    <Modal open={taskId !== null} onClose={onClose} width="800px">
      <Dialog.Header>
        <Dialog.Title>Журнал задания</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        {logs.isPending && <LoadingSpinner />}
        {logs.isError && <Text color="red.600">{errorMessage(logs.error)}</Text>}
        {logs.data?.results.length === 0 && <Text color="fg.muted">{T.empty}</Text>}
        <Stack gap="3">
          {logs.data?.results.map((log) => (
            <Box key={log.task_log_id} data-run borderWidth="1px" borderRadius="md" p="3">
              <Text fontWeight="semibold">
                {formatDateTime(log.start_date)} <Badge colorPalette={runOutcome(log).color}>{runOutcome(log).text}</Badge>
              </Text>
              {log.entries.map((entry, index) => (
                <Text key={index} fontSize="sm">
                  <Text as="span" color="fg.muted">
                    {formatDateTime(entry.date)}
                  </Text>{' '}
                  {entry.text}
                </Text>
              ))}
            </Box>
          ))}
        </Stack>
      </Dialog.Body>
    </Modal>
  )
}
