import { createContext, useContext, type ReactNode } from 'react'
import { ChakraProvider } from '@chakra-ui/react'
import { appSystem } from './system'

const Inside = createContext(false)

// The system is built in a task of its own as soon as this module has loaded (the screen's data is then
// usually still on its way), not inside the long task that evaluates the signed-in console's modules.
setTimeout(appSystem)

/**
 * Chakra (its theme and styles) for the screens that use it. The login page is plain HTML and CSS, so the
 * first load carries no Chakra; a root-level error or 404 page brings its own provider.
 */
export function ChakraRoot({ children }: { children: ReactNode }) {
  if (useContext(Inside)) return children
  return (
    <Inside.Provider value>
      <ChakraProvider value={appSystem()}>{children}</ChakraProvider>
    </Inside.Provider>
  )
}
