import type { ReactNode } from 'react'
import { getDefaultNormalizer, render } from '@testing-library/react'
import { ChakraProvider } from '@chakra-ui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider, type AnyRouter } from '@tanstack/react-router'
import { appSystem } from '../../src/client/app/system'
import { ConfirmProvider } from '../../src/client/components/ui/confirm-dialog'
import Toaster from '../../src/client/components/ui/toaster'

/**
 * Text matched as written: numbers in the product's texts are grouped by a no-break space, which the default normaliser
 * turns into a plain one in the page but not in the text looked for.
 */
export const asWritten = { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) }

/**
 * A query client for a test: a failure shows at once rather than after the console's retries. The console's network
 * modes (app/query-client.ts): TanStack's online state is the sync's verdict, and a query's first attempt, the
 * heartbeat's too, goes out whatever it says.
 */
export const testQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false, networkMode: 'offlineFirst' }, mutations: { networkMode: 'always' } } })

/** A test's router inside the console's providers: theme, queries, confirmations and toasts. */
export function renderRouter(router: AnyRouter, queryClient: QueryClient = testQueryClient()): ReturnType<typeof render> {
  return render(
    wrap(
      <>
        <RouterProvider router={router} />
        <Toaster />
      </>,
      queryClient,
    ),
  )
}

/** A component inside the console's providers: theme, queries and confirmations. */
export function renderInApp(node: ReactNode, queryClient: QueryClient = testQueryClient()): ReturnType<typeof render> {
  return render(wrap(node, queryClient))
}

function wrap(node: ReactNode, queryClient: QueryClient) {
  return (
    <ChakraProvider value={appSystem()}>
      <QueryClientProvider client={queryClient}>
        <ConfirmProvider>{node}</ConfirmProvider>
      </QueryClientProvider>
    </ChakraProvider>
  )
}
