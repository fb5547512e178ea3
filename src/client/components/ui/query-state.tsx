import type { ReactNode } from 'react'
import { Box, HStack, Spinner, Text } from '@chakra-ui/react'
import { T } from '../../../shared/texts'
import { LoadError } from './load-error'

type Props = {
  query: { isPending: boolean; error: unknown; refetch: () => unknown }
  /** What shows beside the spinner while the query loads. */
  pendingText?: string
  /** The content, drawn once the query has its answer. */
  children: () => ReactNode
}

/** A part of a screen fed by one query: loading, its error with a retry, or its content. */
export function QueryState({ query, pendingText = T.loadingDots, children }: Props) {
  if (query.isPending) {
    return (
      <HStack py="3" color="fg.muted" role="status">
        <Spinner size="sm" /> <Text>{pendingText}</Text>
      </HStack>
    )
  }
  if (query.error) {
    return (
      <Box py="3">
        <LoadError error={query.error} title={T.loadFailed} onRetry={() => void query.refetch()} />
      </Box>
    )
  }
  return <>{children()}</>
}
