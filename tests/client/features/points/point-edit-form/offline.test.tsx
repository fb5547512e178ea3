import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import { createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router'
import { PointEditTab } from '../../../../../src/client/features/points/components/point-edit-form'
import { offlineDb, type PointRow } from '../../../../../src/client/offline'
import { T } from '../../../../../src/shared/texts'
import { tokenOf } from '../../../offline/helpers'
import { renderRouter } from '../../../render-in-app'
import { json, ME, point } from '../../../app-routes'

// Found on a shared tablet with the server gone: the point's form said «Не удалось загрузить данные» for the list of
// subscribers and for the month's consumption, which the device does not keep, as if something had broken.

const BUSY = { timeout: 10_000 }

beforeEach(async () => {
  localStorage.clear()
  localStorage.setItem('token', tokenOf(1))
  await offlineDb().points.clear()
  await offlineDb().points.put(point() as unknown as PointRow)
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      if (input.split('?')[0] === '/api/users/me/') return json({ ...ME, is_superuser: false, permissions: ['points.view', 'points.change'] })
      throw new TypeError('Failed to fetch')
    }),
  )
})
afterEach(() => vi.unstubAllGlobals())

describe('a point opened with the server gone', () => {
  it('says the subscribers and the consumption wait for the connection, not that loading failed', async () => {
    const rootRoute = createRootRoute()
    const edit = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => <PointEditTab id={7} /> })
    renderRouter(createRouter({ routeTree: rootRoute.addChildren([edit]), history: createMemoryHistory({ initialEntries: ['/'] }) }))
    const customer = await screen.findByLabelText('Абонент', undefined, BUSY)
    // Once, under the field (a field probe found it twice: as the select's text and under it).
    expect(await screen.findByText(T.customersOffline, undefined, BUSY)).toBeInTheDocument()
    expect(customer).toHaveAccessibleDescription(T.customersOffline)
    expect(await screen.findByText(`Потребление за месяц: ${T.offline.toLowerCase()}`, undefined, BUSY)).toBeInTheDocument()
    expect(screen.queryByText(T.loadFailed)).toBeNull()
  })
})
