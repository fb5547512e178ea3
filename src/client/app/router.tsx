import { createRouter, lazyRouteComponent } from '@tanstack/react-router'
import { routeTree } from '../routeTree.gen'
import { queryClient } from './query-client'
import { setUnauthorizedHandler } from '../lib/api-client'
import { RoutePending } from '../components/ui/route-pending'

export const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  defaultPreloadStaleTime: 0,
  defaultPendingComponent: RoutePending,
  defaultErrorComponent: lazyRouteComponent(() => import('../components/ui/route-states')),
  defaultPendingMs: 150,
  scrollRestoration: true,
})

// A token the server no longer accepts sends the user to sign in again; the offline queue stays as it is.
setUnauthorizedHandler(() => {
  queryClient.removeQueries({ queryKey: ['auth'] })
  if (router.state.location.pathname !== '/login') {
    void router.navigate({ to: '/login', search: { redirect: router.state.location.href, expired: true } })
  }
})

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router
  }
}
