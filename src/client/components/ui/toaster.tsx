import { Portal, Stack, Toast, Toaster as ChakraToaster } from '@chakra-ui/react'
import { toaster } from './notify'
import { T } from '../../../shared/texts'

/** Renders the banners that `notify` creates; mounted by the signed-in layout. */
export default function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }} aria-label={T.notificationsRegion}>
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
