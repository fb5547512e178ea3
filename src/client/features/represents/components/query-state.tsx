import type { ReactNode } from 'react'
import { Button, HStack, Spinner, Text } from '@chakra-ui/react'
import { errorMessage } from '../../../lib/api-client'

/** Loading, error (with a retry) or the content of a tab's query. */
export function QueryState({ isPending, error, retry, children }: { isPending: boolean; error: unknown; retry: () => void; children: () => ReactNode }) {
  if (isPending) {
    return (
      <HStack py="6" color="fg.muted">
        <Spinner size="sm" /> <Text>Загрузка…</Text>
      </HStack>
    )
  }
  if (error) {
    return (
      <HStack py="6" gap="3" role="alert">
        <Text color="fg.error">{errorMessage(error)}</Text>
        <Button size="sm" variant="outline" onClick={retry}>
          Повторить
        </Button>
      </HStack>
    )
  }
  return <>{children()}</>
}
