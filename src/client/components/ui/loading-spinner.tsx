import { Spinner, type SpinnerProps } from '@chakra-ui/react'
import { T } from '../../../shared/texts'

/** A spinner that says what it waits for: a status role, since a bare span may not carry a name (axe: aria-prohibited-attr). */
export function LoadingSpinner({ label = T.loading, ...props }: SpinnerProps & { label?: string }) {
  return <Spinner role="status" aria-label={label} {...props} />
}
