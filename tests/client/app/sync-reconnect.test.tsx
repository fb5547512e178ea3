import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import { createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router'
import { startSync, syncState } from '../../../src/client/app/sync'
import { PointEditTab } from '../../../src/client/features/points/components/point-edit-form'
import { requestCheckKey } from '../../../src/client/features/requests/api/check'
import { offlineDb, type PointRow } from '../../../src/client/offline'
import { T } from '../../../src/shared/texts'
import { tokenOf } from '../offline/helpers'
import { renderRouter, testQueryClient } from '../render-in-app'
import { json, ME, point } from '../app-routes'

// Found by a field probe (the server killed, a tablet whose Wi-Fi stayed up): the point's form opened offline still
// said «нет связи» for the month's consumption and kept «Абонент» disabled long after the header said «В сети».
// TanStack's own reconnect followed navigator.onLine, which never changed.

const BUSY = { timeout: 10_000 }

let down = true
let stop: () => void = () => {}

beforeEach(async () => {
  down = true
  localStorage.clear()
  localStorage.setItem('token', tokenOf(1))
  await Promise.all([offlineDb().outbox.clear(), offlineDb().points.clear()])
  await offlineDb().points.put(point() as unknown as PointRow)
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      if (down) throw new TypeError('Failed to fetch')
      const path = input.split('?')[0]
      if (path === '/api/users/me/') return json({ ...ME, is_superuser: false, permissions: ['points.view', 'points.change'] })
      if (path === '/api/points/7/') return json(point())
      if (path === '/api/points/7/consumption/') return json({ consumption__sum: 1200 })
      if (path === '/api/customers/') return json({ count: 1, results: [{ customer_id: 3, name: 'ООО «Свет»' }] })
      if (path === '/api/document_request/check/') return json({ unassigned: 0, new_messages: 0 })
      return json({ detail: 'Не найдено' }, 404)
    }),
  )
})
afterEach(() => {
  stop()
  vi.unstubAllGlobals()
})

describe('a screen opened while the server was out of reach', () => {
  it('fetches what failed again once the server answers, with no online event from the browser', async () => {
    const queryClient = testQueryClient()
    const rootRoute = createRootRoute()
    const edit = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => <PointEditTab id={7} /> })
    renderRouter(createRouter({ routeTree: rootRoute.addChildren([edit]), history: createMemoryHistory({ initialEntries: ['/'] }) }), queryClient)
    stop = startSync(queryClient)
    expect(await screen.findByText(`Потребление за месяц: ${T.offline.toLowerCase()}`, undefined, BUSY)).toBeInTheDocument()
    expect(screen.getByLabelText('Абонент')).toBeDisabled()
    await vi.waitFor(() => expect(syncState.get().online).toBe(false))

    down = false
    // The heartbeat's next tick reaches the server.
    await queryClient.refetchQueries({ queryKey: requestCheckKey, exact: true })
    expect(syncState.get().online).toBe(true)

    expect(await screen.findByText('Потребление за месяц: 1 200 из 5 000 кВт·ч', { normalizer: (text) => text.replace(/\s+/g, ' ') }, BUSY)).toBeInTheDocument()
    const customer = screen.getByLabelText('Абонент')
    await vi.waitFor(() => expect(customer).toBeEnabled())
    expect(within(customer).getByRole('option', { name: 'ООО «Свет»' })).toBeInTheDocument()
    expect(screen.queryByText(T.customersOffline)).toBeNull()
  })
})
