import { Alert, HStack, Spinner, Text } from '@chakra-ui/react'
import type { CurrentDataTask } from '../../../../shared/schemas/collection'
import { T } from '../../../../shared/texts'
import { formatDateTime } from '../../../lib/format'

/** PENDING: the collecting message with details; DONE: the time of the last update; ERROR: the spec's error. */
export function CurrentDataStatus({ task }: { task: CurrentDataTask | null }) {
  if (!task) return null
  if (task.status === 'PENDING') {
    return (
      <HStack role="status" gap="2">
        <Spinner size="sm" />
        <Text>
          {T.collecting} {task.details}
        </Text>
      </HStack>
    )
  }
  if (task.status === 'ERROR') {
    return (
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{T.collectError}</Alert.Title>
          {task.details && <Alert.Description whiteSpace="pre-line">{task.details}</Alert.Description>}
        </Alert.Content>
      </Alert.Root>
    )
  }
  return (
    <Text role="status" color="fg.muted">
      Обновлено {formatDateTime(task.finished_at ?? task.created_at)}
    </Text>
  )
}
