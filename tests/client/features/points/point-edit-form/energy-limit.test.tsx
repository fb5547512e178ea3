import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { T } from '../../../../../src/shared/texts'
import { point } from '../../../app-routes'
import { pointFormServer, renderPointForm, SENT } from './point-form'

// The limit is typed the Russian way: a comma before the fraction. A native number input dropped it (1500,5 saved as
// 15005) and dropped letters without a word (12abc saved as 12).

const server = pointFormServer(() => point({ point_number: 'PN-7', energy_limit: 2500.25, version: 2 }))

async function limitField() {
  const limit = await screen.findByLabelText('Лимит потребления, кВт·ч', undefined, SENT)
  await waitFor(() => expect(limit).not.toBeDisabled(), SENT)
  return limit
}

describe('a point’s consumption limit', { timeout: 40_000 }, () => {
  it('shows the stored limit with a decimal comma, takes a typed comma and saves the number typed', async () => {
    const user = userEvent.setup()
    renderPointForm()
    const limit = await limitField()
    expect(limit).toHaveValue('2500,25')
    expect(limit).toHaveAttribute('inputmode', 'decimal')

    await user.clear(limit)
    await user.type(limit, '1500,5')
    expect(limit).toHaveValue('1500,5')
    await user.click(screen.getByRole('button', { name: T.save }))
    await waitFor(() => expect(server.puts).toHaveLength(1), SENT)
    expect(server.puts[0]).toMatchObject({ energy_limit: 1500.5 })
    expect(await screen.findByText(T.saved, undefined, SENT)).toBeInTheDocument()
    await waitFor(() => expect(screen.getByLabelText('Лимит потребления, кВт·ч')).toHaveValue('1500,5'), SENT)
  })

  it('keeps text that is no number as typed and says in Russian what to type, sending nothing', async () => {
    const user = userEvent.setup()
    renderPointForm()
    const limit = await limitField()
    await user.clear(limit)
    await user.type(limit, '12abc')
    expect(limit).toHaveValue('12abc')
    await user.click(screen.getByRole('button', { name: T.save }))
    expect(await screen.findByText('Введите число, например 1500,5')).toBeInTheDocument()
    expect(limit).toHaveAttribute('aria-invalid', 'true')
    expect(limit).toHaveValue('12abc')
    expect(server.puts).toEqual([])
  })
})
