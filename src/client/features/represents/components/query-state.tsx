import type { ReactNode } from 'react'
import { Box, HStack, Spinner, Text } from '@chakra-ui/react'
import { T } from '../../../../shared/texts'
import { LoadError } from '../../../components/ui/load-error'

/** Loading, error (with a retry) or the content of a tab's query. */
export function QueryState({ isPending, error, retry, children }: { isPending: boolean; error: unknown; retry: () => void; children: () => ReactNode }) {
  if (isPending) {
    return (
      <HStack py="6" color="fg.muted">
        <Spinner size="sm" /> <Text>{T.loadingDots}</Text>
      </HStack>
    )
  }
  if (error) {
    return (
      <Box py="3">
        <LoadError error={error} title={T.loadFailed} onRetry={retry} />
      </Box>
    )
  }
  return <>{children()}</>
}
