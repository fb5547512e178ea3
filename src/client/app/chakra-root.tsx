import { createContext, useContext, type ReactNode } from 'react'
import { ChakraProvider } from '@chakra-ui/react'
import { system } from './system'

const Inside = createContext(false)

/**
 * Chakra (its theme and styles) for the screens that use it. The login page is plain HTML and CSS, so the
 * first load carries no Chakra; a root-level error or 404 page brings its own provider.
 */
export function ChakraRoot({ children }: { children: ReactNode }) {
  if (useContext(Inside)) return children
  return (
    <Inside.Provider value>
      <ChakraProvider value={system}>{children}</ChakraProvider>
    </Inside.Provider>
  )
}
