import type { ReactNode } from 'react'
import { ChakraProvider } from '@chakra-ui/react'
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client'
import { system } from './system'
import { persistOptions, queryClient } from './query-client'
import { ConfirmProvider } from '../components/ui/confirm-dialog'
import { Toaster } from '../components/ui/toaster'

export function Providers({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions}>
        <ConfirmProvider>
          {children}
          <Toaster />
        </ConfirmProvider>
      </PersistQueryClientProvider>
    </ChakraProvider>
  )
}
