import { createRootRouteWithContext, lazyRouteComponent, Outlet, redirect } from '@tanstack/react-router'
import type { QueryClient } from '@tanstack/react-query'
import { session } from '../lib/session'

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  // Guard of the spec: a visitor without a stored token goes to /login, whatever the path.
  beforeLoad: ({ location }) => {
    if (!session.isLoggedIn() && location.pathname !== '/login') {
      throw redirect({ to: '/login', search: { redirect: location.pathname === '/' ? undefined : location.href } })
    }
  },
  component: Outlet,
  notFoundComponent: lazyRouteComponent(() => import('../components/layout/not-found-page')),
})
