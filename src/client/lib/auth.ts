import { queryOptions, useQuery } from '@tanstack/react-query'
import { currentUser, loginAnswer, type LoginInput } from '../../shared/schemas/auth'
import type { Permission } from '../../shared/permissions'
import { api } from './api-client'
import { session } from './session'

export const authKeys = { me: ['auth', 'me'] as const }

export const meQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.me,
    queryFn: ({ signal }) => api('/api/users/me/', { schema: currentUser, signal }),
    staleTime: 60_000,
  })

export async function signIn(input: LoginInput): Promise<void> {
  const { token } = await api('/api/api-token-auth/', { method: 'POST', body: input, schema: loginAnswer, anonymous: true })
  session.signIn(token)
}

/** Checks a password without touching the session (the change-password dialog verifies the current one so). */
export async function passwordIsRight(username: string, password: string): Promise<boolean> {
  try {
    await api('/api/api-token-auth/', { method: 'POST', body: { username, password }, schema: loginAnswer, anonymous: true })
    return true
  } catch {
    return false
  }
}

/** Whether the signed-in user holds a permission; the console hides what the user may not do. */
export function useCan(): (permission: Permission) => boolean {
  const { data } = useQuery(meQueryOptions())
  return (permission) => Boolean(data && (data.is_superuser || data.permissions.includes(permission)))
}
