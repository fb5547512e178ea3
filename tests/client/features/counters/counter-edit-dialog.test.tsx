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

describe('the transformer ratios', () => {
  it('show a stored ratio with a decimal comma, and keep text that is no number with a Russian message', async () => {
    session.signIn(tokenOf(ME))
    const user = userEvent.setup()
    const stored = counter(7, { coeff: 0.5, coeff_voltage: 100 })
    render(
      <ChakraProvider value={appSystem()}>
        <ConfirmProvider>
          <RouterProvider router={routerAround(<CounterEditDialog counter={stored} onClose={() => {}} onDone={() => {}} />)} />
        </ConfirmProvider>
      </ChakraProvider>,
    )
    const current = await screen.findByLabelText(/Коэффициент трансформации тока/)
    expect(current).toHaveValue('0,5')
    expect(current).toHaveAttribute('inputmode', 'decimal')
    expect(screen.getByLabelText(/Коэффициент трансформации напряжения/)).toHaveValue('100')
    await user.clear(current)
    await user.type(current, '2,5x')
    await user.click(screen.getByRole('button', { name: 'Сохранить' }))
    expect(await screen.findByText('Введите число, например 1500,5')).toBeInTheDocument()
    expect(current).toHaveValue('2,5x')
  })
})

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
