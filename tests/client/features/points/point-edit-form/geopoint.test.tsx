import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router'
import { toaster } from '../../../../../src/client/components/ui/notify'
import { PointEditTab } from '../../../../../src/client/features/points/components/point-edit-form'
import { offlineDb } from '../../../../../src/client/offline'
import type { Point } from '../../../../../src/shared/schemas/points'
import { T } from '../../../../../src/shared/texts'
import { tokenOf } from '../../../offline/helpers'
import { renderRouter } from '../../../render-in-app'
import { json, ME, point } from '../../../app-routes'

// Issue 20 point 14: a point's place is edited on its main tab, as latitude and longitude within range.

/** The outbox and its sender load on first use: the first answer takes a few seconds on a busy machine. */
const SENT = { timeout: 10_000 }

let row: Point
let puts: Record<string, unknown>[]

beforeEach(async () => {
  row = point({ point_number: 'PN-7', geopoint: '56.838011, 60.597465', version: 2 })
  puts = []
  localStorage.clear()
  localStorage.setItem('token', tokenOf(1))
  await Promise.all([offlineDb().outbox.clear(), offlineDb().points.clear()])
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const path = input.split('?')[0]!
      if (path === '/api/outbox/') {
        const { entries } = JSON.parse(String(init.body)) as { entries: { body: Record<string, unknown> }[] }
        return json({
          results: entries.map((entry) => {
            puts.push(entry.body)
            row = { ...row, ...entry.body, version: row.version + 1 } as Point
            return { status: 200, body: row, headers: { ETag: `"${row.version}"` } }
          }),
        })
      }
      if (path === '/api/points/7/') return json(row)
      if (path === '/api/points/7/consumption/') return json({ consumption__sum: 0 })
      if (path === '/api/customers/') return json({ count: 0, results: [] })
      if (path === '/api/users/me/') {
        return json(ME)
      }
      return json({ detail: 'Не найдено' }, 404)
    }),
  )
})
afterEach(() => {
  vi.unstubAllGlobals()
  toaster.remove()
})

function renderForm() {
  const rootRoute = createRootRoute()
  const edit = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => <PointEditTab id={7} /> })
  const router = createRouter({ routeTree: rootRoute.addChildren([edit]), history: createMemoryHistory({ initialEntries: ['/'] }) })
  renderRouter(router)
}

async function fields() {
  const latitude = await screen.findByLabelText('Широта', undefined, SENT)
  await waitFor(() => expect(latitude).not.toBeDisabled(), SENT)
  return { latitude, longitude: screen.getByLabelText('Долгота') }
}

describe('a point’s place', { timeout: 40_000 }, () => {
  it('shows the stored place as latitude and longitude on a numeric keyboard, and saves a change as geopoint', async () => {
    const user = userEvent.setup()
    renderForm()
    const { latitude, longitude } = await fields()
    expect(latitude).toHaveValue('56.838011')
    expect(longitude).toHaveValue('60.597465')
    expect(latitude).toHaveAttribute('inputmode', 'decimal')
    expect(longitude).toHaveAttribute('inputmode', 'decimal')

    await user.clear(longitude)
    await user.type(longitude, '60,6')
    await user.click(screen.getByRole('button', { name: T.save }))
    await waitFor(() => expect(puts).toHaveLength(1), SENT)
    expect(puts[0]).toMatchObject({ geopoint: '56.838011, 60.6', name: 'ТП-7' })
    expect(await screen.findByText(T.saved, undefined, SENT)).toBeInTheDocument()
  })

  it('says in Russian when a value is off the globe, and sends nothing', async () => {
    const user = userEvent.setup()
    renderForm()
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
    expect(puts).toEqual([])
  })
})
