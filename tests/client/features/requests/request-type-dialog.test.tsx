import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { RequestTypeDialog } from '../../../../src/client/features/requests/components/request-type-dialog'
import { T } from '../../../../src/shared/texts'
import { renderInApp } from '../../render-in-app'
import { json } from '../../app-routes'

// «Срок ответа, дней» was a native number input: letters typed into it vanished without a word.

let sent: unknown[]

beforeEach(() => {
  sent = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      if (init?.method && init.method !== 'GET') sent.push(input)
      if (input.startsWith('/api/documents_requests_required_files/')) return json({ count: 0, results: [] })
      return json({ count: 0, results: [] })
    }),
  )
})
afterEach(() => vi.unstubAllGlobals())

describe('a request type’s days until reply', () => {
  it('keeps text that is no whole number as typed and says what to type, sending nothing', async () => {
    const user = userEvent.setup()
    renderInApp(<RequestTypeDialog type={null} onClose={() => {}} onDone={() => {}} />)
    await user.type(await screen.findByLabelText(/Наименование/), 'Подключение')
    const days = screen.getByLabelText(/Срок ответа, дней/)
    expect(days).toHaveAttribute('inputmode', 'numeric')
    await user.clear(days)
    await user.type(days, '12abc')
    expect(days).toHaveValue('12abc')
    await user.click(screen.getByRole('button', { name: T.add }))
    expect(await screen.findByText(T.requiredAlt)).toBeInTheDocument()
    expect(days).toHaveAttribute('aria-invalid', 'true')
    expect(sent).toEqual([])
  })
})
