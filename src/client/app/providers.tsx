import type { ReactNode } from 'react'
import { ChakraProvider } from '@chakra-ui/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { system } from './system'
import { queryClient } from './query-client'
import { ConfirmProvider } from '../components/ui/confirm-dialog'
import { Toaster } from '../components/ui/toaster'

export function Providers({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <QueryClientProvider client={queryClient}>
        <ConfirmProvider>
          {children}
          <Toaster />
        </ConfirmProvider>
      </QueryClientProvider>
    </ChakraProvider>
  )
}
