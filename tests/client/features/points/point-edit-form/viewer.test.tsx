import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import { createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router'
import { PointEditTab } from '../../../../../src/client/features/points/components/point-edit-form'
import { offlineDb } from '../../../../../src/client/offline'
import { T } from '../../../../../src/shared/texts'
import { tokenOf } from '../../../offline/helpers'
import { renderRouter } from '../../../render-in-app'
import { json, ME, point } from '../../../app-routes'

// Found on a shared tablet: a user with points.view alone saw grey example coordinates that looked like the point's
// own, and «Не удалось загрузить данные» for the subscriber, when the list of subscribers is only out of their rights.

const BUSY = { timeout: 10_000 }

beforeEach(async () => {
  localStorage.clear()
  localStorage.setItem('token', tokenOf(1))
  await offlineDb().points.clear()
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const path = input.split('?')[0]!
      if (path === '/api/users/me/') return json({ ...ME, is_superuser: false, permissions: ['points.view'] })
      if (path === '/api/points/7/') return json(point({ customer_id: 3, customer: { name: 'ИП Соколов' } }))
      if (path === '/api/points/7/consumption/') return json({ consumption__sum: 0 })
      if (path === '/api/customers/') return json({ detail: T.forbidden }, 403)
      return json({ detail: 'Не найдено' }, 404)
    }),
  )
})
afterEach(() => vi.unstubAllGlobals())

function renderForm() {
  const rootRoute = createRootRoute()
  const edit = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => <PointEditTab id={7} /> })
  renderRouter(createRouter({ routeTree: rootRoute.addChildren([edit]), history: createMemoryHistory({ initialEntries: ['/'] }) }))
}

describe('a point seen by a user who may not change it', () => {
  it('shows its own subscriber, example coordinates that read as examples, and says it is read-only', async () => {
    renderForm()
    const customer = await screen.findByLabelText('Абонент', undefined, BUSY)
    await waitFor(() => expect(customer).toHaveDisplayValue('ИП Соколов'), BUSY)
    expect(screen.queryByText(T.loadFailed)).toBeNull()
    expect(screen.getByLabelText('Широта')).toHaveAttribute('placeholder', expect.stringMatching(/^например/))
    expect(screen.getByLabelText('Долгота')).toHaveAttribute('placeholder', expect.stringMatching(/^например/))
    // The greyed fields say why, and no «Сохранить» is offered that could only be refused.
    expect(screen.getByText(T.pointReadOnly)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: T.save })).toBeNull()
  })
})
