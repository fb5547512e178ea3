import { Alert, Button, Stack } from '@chakra-ui/react'
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { ApiError, errorMessage } from '../../lib/api-client'
import { T } from '../../../shared/texts'
import { ChakraRoot } from '../../app/chakra-root'

/** A screen whose data could not be loaded says why (offline, no rights, server error) and offers a retry. */
export default function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter()
  const offline = error instanceof ApiError && error.status === 0
  const forbidden = error instanceof ApiError && error.status === 403
  return (
    <ChakraRoot>
    <Stack p="6" maxW="2xl">
      <Alert.Root status={offline ? 'warning' : 'error'}>
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{offline ? 'Нет связи с сервером, а эти данные ещё не сохранены на устройстве' : T.loadFailed}</Alert.Title>
          <Alert.Description>{forbidden ? T.noRightToView : errorMessage(error)}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
      {!forbidden && (
        <Button
          alignSelf="start"
          variant="outline"
          onClick={() => {
            reset()
            void router.invalidate()
          }}
        >
          Повторить
        </Button>
      )}
    </Stack>
    </ChakraRoot>
  )
}
