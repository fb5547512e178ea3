import { afterEach, beforeEach, vi } from 'vitest'
import { createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router'
import { toaster } from '../../../../../src/client/components/ui/notify'
import { PointEditTab } from '../../../../../src/client/features/points/components/point-edit-form'
import { offlineDb } from '../../../../../src/client/offline'
import type { Point } from '../../../../../src/shared/schemas/points'
import { tokenOf } from '../../../offline/helpers'
import { renderRouter } from '../../../render-in-app'
import { json, ME } from '../../../app-routes'

/** The outbox and its sender load on first use: the first answer takes a few seconds on a busy machine. */
export const SENT = { timeout: 10_000 }

/**
 * Point 7's main tab on a fake server, fresh for each test: the server starts from `initial()`, applies each edit the
 * outbox sends it and keeps the bodies in `puts`.
 */
export function pointFormServer(initial: () => Point) {
  const server = { row: initial(), puts: [] as Record<string, unknown>[] }
  beforeEach(async () => {
    server.row = initial()
    server.puts = []
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
              server.puts.push(entry.body)
              server.row = { ...server.row, ...entry.body, version: server.row.version + 1 } as Point
              return { status: 200, body: server.row, headers: { ETag: `"${server.row.version}"` } }
            }),
          })
        }
        if (path === '/api/points/7/') return json(server.row)
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
  return server
}

export function renderPointForm() {
  const rootRoute = createRootRoute()
  const edit = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => <PointEditTab id={7} /> })
  const router = createRouter({ routeTree: rootRoute.addChildren([edit]), history: createMemoryHistory({ initialEntries: ['/'] }) })
  renderRouter(router)
}
