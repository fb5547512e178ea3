import { ownPasswordChanged, user, userList, type User, type UserCreate, type UserUpdate } from '../../../../shared/schemas/users'
import { api } from '../../../lib/api-client'
import { session } from '../../../lib/session'
import { useDeleteWrite } from '../../../lib/writes'
import { pagedListQueryOptions } from '../../../lib/list-query'

const userKeys = { all: ['users'] as const }

export const usersQueryOptions = pagedListQueryOptions(userKeys.all, '/api/users/', userList)

export const createUser = (body: UserCreate) => api('/api/users/', { method: 'POST', body, schema: user })
export const updateUser = (id: number, body: UserUpdate) => api(`/api/users/${id}/`, { method: 'PATCH', body, schema: user })
export const useDeleteUser = () => useDeleteWrite((u: User) => api(`/api/users/${u.user_id}/`, { method: 'DELETE' }), [userKeys.all])

/** One's own password change ends one's earlier tokens: the token of the answer continues the session. */
export async function changeOwnPassword(id: number, body: { password: string; current_password: string }): Promise<void> {
  const { token } = await api(`/api/users/${id}/`, { method: 'PATCH', body, schema: ownPasswordChanged })
  session.signIn(token)
}
