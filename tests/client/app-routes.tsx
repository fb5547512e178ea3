import { vi } from 'vitest'
import type { QueryClient } from '@tanstack/react-query'
import { createMemoryHistory, createRootRouteWithContext, createRoute, createRouter, Outlet, type AnyRoute } from '@tanstack/react-router'
import type { CounterTask } from '../../src/shared/schemas/collection'
import type { Point } from '../../src/shared/schemas/points'
import type { Attachment } from '../../src/shared/schemas/requests'
import { tokenOf } from './offline/helpers'
import { renderRouter, testQueryClient } from './render-in-app'

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

/**
 * `fetch` answering as ME holding only `permissions` (no superuser); `answer` gives other paths' answers, an empty list
 * where it gives none.
 */
export const signedInWith = (permissions: string[], answer: (path: string) => Response | undefined = () => undefined) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const path = input.split('?')[0]!
      if (path === '/api/users/me/') return json({ ...ME, is_superuser: false, permissions })
      return answer(path) ?? json({ count: 0, results: [] })
    }),
  )

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

/** A polling task as the server lists it: working every 30 minutes, never run yet. */
export const task = (overrides: Partial<CounterTask>): CounterTask => ({
  counter_task_id: 1,
  counter_id: 5,
  counter_num: '50000001',
  counter_model: 'Меркурий 230 ART',
  point_id: 7,
  point_number: '7',
  point_name: 'ТП-7',
  address: null,
  represents: [],
  state: 'working',
  interval: 'minutes',
  value: '30',
  enabled: true,
  counter_parameters: [],
  task_group: '1',
  task_groups: [1],
  data_collecting_server_id: 1,
  next_run_at: null,
  last_interaction_date: null,
  last_values: null,
  consecutive_failures: 0,
  last_error: '',
  clock_correction: false,
  ...overrides,
})

/** A point as the server answers it: ТП-7, no meter, no subscriber, in no object. */
export const point = (overrides: Partial<Point> = {}): Point => ({
  point_id: 7,
  point_number: '7',
  name: 'ТП-7',
  address: 'ул. Ленина, 7',
  geopoint: '',
  remark: '',
  customer_id: null,
  customer: null,
  counter_id: null,
  has_counter: false,
  point_represents_number: 0,
  represents: [],
  energy_limit: 5000,
  version: 1,
  ...overrides,
})

/** An attached file as the server answers it: the subscriber's zayavlenie.pdf, under review, with no comments. */
export const attachment = (overrides: Partial<Attachment> = {}): Attachment => ({
  doc_request_attach_id: 4,
  doc_request_attach_status: 3,
  file_name: 'a1.pdf',
  real_file_name: 'zayavlenie.pdf',
  required_doc_type_name: 'Заявление',
  comments: [],
  comments_user_unviewed: 0,
  created_at: '2026-11-20T10:00:00Z',
  ...overrides,
})

/** A route file of the console mounted at `path` under `parent`, as the generated tree does it (ids as the app's). */
export const mount = (route: AnyRoute, path: string, parent: () => AnyRoute): AnyRoute =>
  route.update({ id: path, path, getParentRoute: parent } as never) as AnyRoute

/**
 * Some of the console's route files in memory at `path`, signed in as ME (unless `signedIn` is false), `fetch` the test's. The whole tree cannot
 * be loaded here (its app shell needs the PWA plugin's module, which only a Vite build has): `children` mounts the
 * routes the test needs under a pathless '/_app' with `layout` (by default the outlet alone).
 */
export function renderRoutes(
  path: string,
  children: (app: () => AnyRoute) => AnyRoute[],
  layout: () => React.ReactNode = () => <Outlet />,
  { signedIn = true } = {},
) {
  if (signedIn) localStorage.setItem('token', tokenOf(ME.user_id))
  const queryClient = testQueryClient()
  const root = createRootRouteWithContext<{ queryClient: QueryClient }>()({ component: Outlet })
  const app = createRoute({ getParentRoute: () => root, id: '_app', component: layout })
  const routeTree = root.addChildren([app.addChildren(children(() => app))])
  const router = createRouter({ routeTree, context: { queryClient }, history: createMemoryHistory({ initialEntries: [path] }) })
  renderRouter(router, queryClient)
  return router
}
