import { createFileRoute, redirect } from '@tanstack/react-router'
import { session } from '../lib/session'
import { meQueryOptions } from '../lib/auth'
import { AppShell } from '../components/layout/app-shell'

export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context, location }) => {
    // A token that ran out while offline: sign in again; the queue on the device waits for the new sign-in.
    if (session.expired()) {
      session.signOut()
      context.queryClient.removeQueries({ queryKey: ['auth'] })
      throw redirect({ to: '/login', search: { redirect: location.href, expired: true } })
    }
    const me = await context.queryClient.ensureQueryData(meQueryOptions())
    // The console is for staff: a user without is_stuff is sent to the login page, which says why.
    if (!me.is_stuff) {
      session.signOut()
      context.queryClient.removeQueries({ queryKey: ['auth'] })
      throw redirect({ to: '/login', search: { redirect: location.href, notStaff: true } })
    }
    return { me }
  },
  component: AppShell,
})
