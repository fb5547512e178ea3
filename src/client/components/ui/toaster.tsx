import { Portal, Stack, Toast, Toaster as ChakraToaster, createToaster } from '@chakra-ui/react'
import { BANNER_ERROR_MS, BANNER_SUCCESS_MS } from '../../../shared/constants'
import { errorMessage } from '../../lib/api-client'

const toaster = createToaster({ placement: 'top', pauseOnPageIdle: true, max: 4 })

/** Banners of the spec: success disappears after 3 s, error after 4 s (with the server's message). */
export const notify = {
  success: (title: string) => toaster.create({ type: 'success', title, duration: BANNER_SUCCESS_MS, closable: true }),
  error: (error: unknown) =>
    toaster.create({ type: 'error', title: typeof error === 'string' ? error : errorMessage(error), duration: BANNER_ERROR_MS, closable: true }),
  info: (title: string) => toaster.create({ type: 'info', title, duration: BANNER_SUCCESS_MS, closable: true }),
}

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'md' }} role={toast.type === 'error' ? 'alert' : 'status'}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.closable && <Toast.CloseTrigger aria-label="Закрыть" />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  )
}
