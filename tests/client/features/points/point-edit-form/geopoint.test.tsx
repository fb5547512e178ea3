import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { T } from '../../../../../src/shared/texts'
import { point } from '../../../app-routes'
import { pointFormServer, renderPointForm, SENT } from './point-form'

// Issue 20 point 14: a point's place is edited on its main tab, as latitude and longitude within range.

const server = pointFormServer(() => point({ point_number: 'PN-7', geopoint: '56.838011, 60.597465', version: 2 }))

async function fields() {
  const latitude = await screen.findByLabelText('Широта', undefined, SENT)
  await waitFor(() => expect(latitude).not.toBeDisabled(), SENT)
  return { latitude, longitude: screen.getByLabelText('Долгота') }
}

describe('a point’s place', { timeout: 40_000 }, () => {
  it('shows the stored place as latitude and longitude on a numeric keyboard, and saves a change as geopoint', async () => {
    const user = userEvent.setup()
    renderPointForm()
    const { latitude, longitude } = await fields()
    expect(latitude).toHaveValue('56.838011')
    expect(longitude).toHaveValue('60.597465')
    expect(latitude).toHaveAttribute('inputmode', 'decimal')
    expect(longitude).toHaveAttribute('inputmode', 'decimal')

    await user.clear(longitude)
    await user.type(longitude, '60,6')
    await user.click(screen.getByRole('button', { name: T.save }))
    await waitFor(() => expect(server.puts).toHaveLength(1), SENT)
    expect(server.puts[0]).toMatchObject({ geopoint: '56.838011, 60.6', name: 'ТП-7' })
    expect(await screen.findByText(T.saved, undefined, SENT)).toBeInTheDocument()
  })

  it('says in Russian when a value is off the globe, and sends nothing', async () => {
    const user = userEvent.setup()
    renderPointForm()
    const { latitude, longitude } = await fields()
    await user.clear(latitude)
    await user.type(latitude, '95')
    await user.clear(longitude)
    await user.click(screen.getByRole('button', { name: T.save }))
    expect(await screen.findByText(T.latitudeRange)).toBeInTheDocument()
    expect(latitude).toHaveAttribute('aria-invalid', 'true')

    await user.clear(latitude)
    await user.type(latitude, '56')
    await user.click(screen.getByRole('button', { name: T.save }))
    expect(await screen.findByText(T.geopointBoth)).toBeInTheDocument()
    expect(longitude).toHaveAttribute('aria-invalid', 'true')
    expect(screen.queryByText(T.latitudeRange)).toBeNull()
    expect(server.puts).toEqual([])
  })
})
