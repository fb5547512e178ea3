import { createToaster } from '@chakra-ui/react'
import { BANNER_ERROR_MS, BANNER_SUCCESS_MS } from '../../../shared/constants'
import { errorMessage } from '../../lib/api-client'

export const toaster = createToaster({ placement: 'top', pauseOnPageIdle: true, max: 4 })

/** Banners of the spec: success disappears after 3 s, error after 4 s (with the server's message). */
export const notify = {
  success: (title: string) => toaster.create({ type: 'success', title, duration: BANNER_SUCCESS_MS, closable: true }),
  error: (error: unknown) =>
    toaster.create({ type: 'error', title: typeof error === 'string' ? error : errorMessage(error), duration: BANNER_ERROR_MS, closable: true }),
  info: (title: string) => toaster.create({ type: 'info', title, duration: BANNER_SUCCESS_MS, closable: true }),
}
