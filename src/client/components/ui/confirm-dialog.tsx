import { useCallback, useRef, useState, type ReactNode } from 'react'
import { Button, Dialog, List, Stack } from '@chakra-ui/react'
import { Modal } from './modal'
import { ConfirmContext, type Confirm, type ConfirmOptions } from './use-confirm'
import { T } from '../../../shared/texts'

/** One confirmation dialog for the whole console; `useConfirm()` asks and resolves true or false. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [options, setOptions] = useState<ConfirmOptions | null>(null)
  const resolver = useRef<(answer: boolean) => void>(() => {})

  const confirm = useCallback<Confirm>((next) => {
    setOptions(next)
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve
    })
  }, [])

  const answer = (value: boolean) => {
    resolver.current(value)
    setOptions(null)
  }

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <Modal open={options !== null} onClose={() => answer(false)} role="alertdialog">
        <Dialog.Header>
          <Dialog.Title>{options?.title ?? T.confirmTitle}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Stack gap="2">
            <span>{options?.message}</span>
            {options?.details && (
              <List.Root ps="5">
                {options.details.map((line) => (
                  <List.Item key={line}>{line}</List.Item>
                ))}
              </List.Root>
            )}
          </Stack>
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" onClick={() => answer(false)}>
            {options?.cancelLabel ?? T.cancel}
          </Button>
          <Button colorPalette={options?.danger === false ? 'blue' : 'red'} onClick={() => answer(true)}>
            {options?.confirmLabel ?? T.yes}
          </Button>
        </Dialog.Footer>
      </Modal>
    </ConfirmContext.Provider>
  )
}
