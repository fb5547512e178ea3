import { queryOptions } from '@tanstack/react-query'
import { auditList } from '../../../../shared/schemas/audit'
import { userList } from '../../../../shared/schemas/users'
import { api } from '../../../lib/api-client'
import { pagedListQueryOptions } from '../../../lib/list-query'
import type { AuditSearch } from './audit-search'

const auditKeys = {
  all: ['audit'] as const,
  /** Under the users' key, so that adding or renaming a user refreshes the filter's choices. */
  users: ['users', 'all'] as const,
}

/**
 * A page of the audit trail. Changes are made on other screens, which refresh only their own lists: the trail is
 * kept fresh briefly, so that coming back to it a few seconds after a change shows the change.
 */
export const auditQueryOptions = pagedListQueryOptions(
  auditKeys.all,
  '/api/audit/',
  auditList,
  (search: AuditSearch) => ({ page: search.page, per_page: search.per_page, entity: search.entity, entity_id: search.entity_id, user_id: search.user_id }),
  { staleTime: 5_000 },
)

/** Every user, for the user filter (needs users.view). */
export const auditUsersQueryOptions = () =>
  queryOptions({
    queryKey: auditKeys.users,
    queryFn: ({ signal }) => api('/api/users/', { query: { page_size: 'all', ordering: 'username' }, schema: userList, signal }),
  })
