import { createToaster } from '@chakra-ui/react'
import { BANNER_ERROR_MS, BANNER_SUCCESS_MS } from '../../../shared/constants'
import { errorMessage, isOffline } from '../../lib/api-client'

/** Banners stand below the header (56 px, sticky), whose connection state they would otherwise hide. */
export const toaster = createToaster({ placement: 'top', pauseOnPageIdle: true, max: 4, offsets: { top: '64px', right: '16px', bottom: '16px', left: '16px' } })

/**
 * Banners of the spec: success disappears after 3 s, error after 4 s (with the server's message). A message said again
 * while it shows is that banner, not one more stacked over the page.
 */
const show = (type: 'success' | 'error' | 'info', title: string, duration: number) =>
  toaster.create({ id: `${type}:${title}`, type, title, duration, closable: true })

export const notify = {
  success: (title: string) => show('success', title, BANNER_SUCCESS_MS),
  /** `offline`: what to say when the server was not reached (what was not done and what to do), not only «Нет связи с сервером». */
  error: (error: unknown, offline?: string) =>
    show('error', offline && isOffline(error) ? offline : typeof error === 'string' ? error : errorMessage(error), BANNER_ERROR_MS),
  info: (title: string) => show('info', title, BANNER_SUCCESS_MS),
}
