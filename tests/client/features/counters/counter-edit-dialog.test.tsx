import { afterEach, describe, expect, it } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { ChakraProvider } from '@chakra-ui/react'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { appSystem } from '../../../../src/client/app/system'
import Toaster from '../../../../src/client/components/ui/toaster'
import { ConfirmProvider } from '../../../../src/client/components/ui/confirm-dialog'
import { CounterEditDialog } from '../../../../src/client/features/counters/components/counter-edit-dialog'
import { cacheServerRows, countWaiting, OfflineStorageFullError } from '../../../../src/client/offline'
import { session } from '../../../../src/client/lib/session'
import { counter, ME, tokenOf, reopenWithFullDisk } from '../../offline/helpers'

/** The form asks before a navigation leaves unsaved changes: it lives under a router. */
const routerAround = (node: ReactNode) => createRouter({ routeTree: createRootRoute({ component: () => node }), history: createMemoryHistory() })

afterEach(() => reopenWithFullDisk(null))

describe('a device out of storage', () => {
  it('tells the user the edit was not saved and keeps the form open', async () => {
    session.signIn(tokenOf(ME))
    await cacheServerRows('counters', [counter(7)], { complete: true })
    // The device refuses every write to the outbox, as a full disk does.
    await reopenWithFullDisk('outbox')
    render(
      <ChakraProvider value={appSystem()}>
        <Toaster />
        <ConfirmProvider>
          <RouterProvider router={routerAround(<CounterEditDialog counter={counter(7)} onClose={() => {}} onDone={() => {}} />)} />
        </ConfirmProvider>
      </ChakraProvider>,
    )
    await userEvent.clear(await screen.findByLabelText(/Серийный номер/))
    await userEvent.type(screen.getByLabelText(/Серийный номер/), '999')
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }))

    await waitFor(() => expect(screen.getByText(new OfflineStorageFullError().message)).toBeInTheDocument())
    expect(screen.getByRole('dialog')).toBeInTheDocument()
    expect(await countWaiting(ME)).toBe(0)
  })
})
