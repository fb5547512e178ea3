import { Stack } from '@chakra-ui/react'
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { ApiError } from '../../lib/api-client'
import { T } from '../../../shared/texts'
import { ChakraRoot } from '../../app/chakra-root'
import { LoadError } from './load-error'

/** A screen whose data could not be loaded says why (offline, no rights, server error) and offers a retry. */
export default function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter()
  const offline = error instanceof ApiError && error.status === 0
  return (
    <ChakraRoot>
      <Stack p="6" maxW="2xl">
        <LoadError
          error={error}
          title={offline ? T.notOnDeviceOffline : T.loadFailed}
          titleSaysWhy={offline}
          onRetry={() => {
            reset()
            void router.invalidate()
          }}
        />
      </Stack>
    </ChakraRoot>
  )
}
