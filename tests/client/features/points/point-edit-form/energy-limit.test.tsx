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

// The limit is typed the Russian way: a comma before the fraction. A native number input dropped it (1500,5 saved as
// 15005) and dropped letters without a word (12abc saved as 12).

/** The outbox and its sender load on first use: the first answer takes a few seconds on a busy machine. */
const SENT = { timeout: 10_000 }

let row: Point
let puts: Record<string, unknown>[]

beforeEach(async () => {
  row = point({ point_number: 'PN-7', energy_limit: 2500.25, version: 2 })
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
      if (path === '/api/users/me/') return json(ME)
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

async function limitField() {
  const limit = await screen.findByLabelText('Лимит потребления, кВт·ч', undefined, SENT)
  await waitFor(() => expect(limit).not.toBeDisabled(), SENT)
  return limit
}

describe('a point’s consumption limit', { timeout: 40_000 }, () => {
  it('shows the stored limit with a decimal comma, takes a typed comma and saves the number typed', async () => {
    const user = userEvent.setup()
    renderForm()
    const limit = await limitField()
    expect(limit).toHaveValue('2500,25')
    expect(limit).toHaveAttribute('inputmode', 'decimal')

    await user.clear(limit)
    await user.type(limit, '1500,5')
    expect(limit).toHaveValue('1500,5')
    await user.click(screen.getByRole('button', { name: T.save }))
    await waitFor(() => expect(puts).toHaveLength(1), SENT)
    expect(puts[0]).toMatchObject({ energy_limit: 1500.5 })
    expect(await screen.findByText(T.saved, undefined, SENT)).toBeInTheDocument()
    await waitFor(() => expect(screen.getByLabelText('Лимит потребления, кВт·ч')).toHaveValue('1500,5'), SENT)
  })

  it('keeps text that is no number as typed and says in Russian what to type, sending nothing', async () => {
    const user = userEvent.setup()
    renderForm()
    const limit = await limitField()
    await user.clear(limit)
    await user.type(limit, '12abc')
    expect(limit).toHaveValue('12abc')
    await user.click(screen.getByRole('button', { name: T.save }))
    expect(await screen.findByText('Введите число, например 1500,5')).toBeInTheDocument()
    expect(limit).toHaveAttribute('aria-invalid', 'true')
    expect(limit).toHaveValue('12abc')
    expect(puts).toEqual([])
  })
})
