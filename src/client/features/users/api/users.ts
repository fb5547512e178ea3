import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { ownPasswordChanged, user, userList, type User, type UserCreate, type UserUpdate } from '../../../../shared/schemas/users'
import { api } from '../../../lib/api-client'
import { session } from '../../../lib/session'
import { useDeleteWrite } from '../../../lib/writes'
import type { ListSearch } from '../../../lib/list-search'

const userKeys = {
  all: ['users'] as const,
  list: (search: ListSearch) => ['users', 'list', search] as const,
}

export const usersQueryOptions = (search: ListSearch) =>
  queryOptions({
    queryKey: userKeys.list(search),
    queryFn: ({ signal }) => api('/api/users/', { query: search, schema: userList, signal }),
    placeholderData: keepPreviousData,
  })

export const createUser = (body: UserCreate) => api('/api/users/', { method: 'POST', body, schema: user })
export const updateUser = (id: number, body: UserUpdate) => api(`/api/users/${id}/`, { method: 'PATCH', body, schema: user })
export const useDeleteUser = () => useDeleteWrite((u: User) => api(`/api/users/${u.user_id}/`, { method: 'DELETE' }), [userKeys.all])

/** One's own password change ends one's earlier tokens: the token of the answer continues the session. */
export async function changeOwnPassword(id: number, body: { password: string; current_password: string }): Promise<void> {
  const { token } = await api(`/api/users/${id}/`, { method: 'PATCH', body, schema: ownPasswordChanged })
  session.signIn(token)
}
