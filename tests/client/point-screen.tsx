import { vi } from 'vitest'
import type { AnyRoute } from '@tanstack/react-router'
import { Route as PointRoute } from '../../src/client/routes/_app/points.$id'
import { json, ME, mount, point, renderRoutes } from './app-routes'

/* The point's screen with one of its tabs, against a `fetch` that knows the point: its tabs' tests share them. */

/**
 * `fetch` answering as ME, with point 7 on which meter 5 is installed, and `answer`'s answers to the other paths; 404
 * to any path `answer` leaves out.
 */
export const pointScreenApi = (answer: (path: string) => Response | Promise<Response> | undefined = () => undefined) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const path = input.split('?')[0]!
      if (path === '/api/users/me/') return json(ME)
      if (path === '/api/points/7/') return json(point({ counter_id: 5, has_counter: true }))
      return answer(path) ?? json({ detail: 'Не найдено' }, 404)
    }),
  )

/** One tab of the point's screen (`tab`, a route file mounted at `tabPath` under /points/$id) at `path`. */
export const renderPointTab = (path: string, tab: AnyRoute, tabPath: string) =>
  renderRoutes(path, (app) => {
    const pointRoute = mount(PointRoute, '/points/$id', app)
    return [pointRoute.addChildren([mount(tab, tabPath, () => pointRoute)])]
  })
