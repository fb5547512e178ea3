import { Alert, Button, Stack } from '@chakra-ui/react'
import { T } from '../../../shared/texts'
import { ApiError, errorMessage } from '../../lib/api-client'

type Props = {
  error: unknown
  /** What failed, e.g. «Не удалось загрузить список». */
  title?: string
  onRetry?: () => void
  /** The title says why already («Нет связи с сервером, а…»): below it only what to do, not the error's message again. */
  titleSaysWhy?: boolean
}

/**
 * A screen whose data failed to load says so, in place of its content (never its empty-state text):
 * what failed, why, and what to do. A missing right or a record that is not there is not retried: «Повторить» would
 * fail the same way.
 */
export function LoadError({ error, title = T.listLoadFailed, onRetry, titleSaysWhy = false }: Props) {
  const forbidden = error instanceof ApiError && error.status === 403
  const gone = error instanceof ApiError && error.status === 404
  const offline = error instanceof ApiError && error.status === 0
  const retry = !forbidden && !gone && onRetry
  return (
    <Stack gap="3" align="start" role="alert">
      <Alert.Root status={offline ? 'warning' : 'error'}>
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{title}</Alert.Title>
          <Alert.Description>
            {titleSaysWhy ? null : forbidden ? T.noRightToView : gone ? T.notFoundGone : errorMessage(error)}
            {retry && (
              <>
                {!titleSaysWhy && <br />}
                {T.retryHint}
              </>
            )}
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      {retry && (
        <Button variant="outline" size="sm" onClick={onRetry}>
          {T.retry}
        </Button>
      )}
    </Stack>
  )
}
