import type { ReactNode } from 'react'
import { Box, HStack, Spinner, Text } from '@chakra-ui/react'
import { T } from '../../../shared/texts'
import { LoadError } from './load-error'

type Props<TData> = {
  query: { isPending: boolean; error: unknown; data: TData | undefined; refetch: () => unknown }
  /** What shows beside the spinner while the query loads. */
  pendingText?: string
  /** The content, drawn from the query's answer once it has one. */
  children: (data: TData) => ReactNode
}

/** A part of a screen fed by one query: loading, its error with a retry, or its content. */
export function QueryState<TData>({ query, pendingText = T.loadingDots, children }: Props<TData>) {
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
  // Neither pending nor failed: the query holds its answer.
  return <>{children(query.data as TData)}</>
}
