import type { QueryClient } from '@tanstack/react-query'
import { createMemoryHistory, createRootRouteWithContext, createRoute, createRouter, Outlet, type AnyRoute } from '@tanstack/react-router'
import { tokenOf } from './offline/helpers'
import { renderRouter, testQueryClient } from './render-in-app'

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

/** The signed-in user of `renderRoutes`: a superuser, so every menu entry and action shows. */
export const ME = {
  user_id: 1,
  username: 'admin',
  first_name: 'Анна',
  last_name: 'Иванова',
  middle_name: '',
  email: '',
  account_id: null,
  is_stuff: true,
  is_superuser: true,
  customer_id: null,
  groups: [],
  permissions: [],
}

/** A route file of the console mounted at `path` under `parent`, as the generated tree does it (ids as the app's). */
export const mount = (route: AnyRoute, path: string, parent: () => AnyRoute): AnyRoute =>
  route.update({ id: path, path, getParentRoute: parent } as never) as AnyRoute

/**
 * Some of the console's route files in memory at `path`, signed in as ME, `fetch` the test's. The whole tree cannot
 * be loaded here (its app shell needs the PWA plugin's module, which only a Vite build has): `children` mounts the
 * routes the test needs under a pathless '/_app' with `layout` (by default the outlet alone).
 */
export function renderRoutes(path: string, children: (app: () => AnyRoute) => AnyRoute[], layout: () => React.ReactNode = () => <Outlet />) {
  localStorage.setItem('token', tokenOf(ME.user_id))
  const queryClient = testQueryClient()
  const root = createRootRouteWithContext<{ queryClient: QueryClient }>()({ component: Outlet })
  const app = createRoute({ getParentRoute: () => root, id: '_app', component: layout })
  const routeTree = root.addChildren([app.addChildren(children(() => app))])
  const router = createRouter({ routeTree, context: { queryClient }, history: createMemoryHistory({ initialEntries: [path] }) })
  renderRouter(router, queryClient)
  return router
}
