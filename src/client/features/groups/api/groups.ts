import { queryOptions } from '@tanstack/react-query'
import { group, groupList, permissionList, type Group, type GroupInput } from '../../../../shared/schemas/groups'
import { GROUPS_FOR_SELECTION } from '../../../../shared/constants'
import { api } from '../../../lib/api-client'
import { useDeleteWrite } from '../../../lib/writes'
import { pagedListQueryOptions } from '../../../lib/list-query'

const groupKeys = {
  all: ['groups'] as const,
  forSelection: ['groups', 'selection'] as const,
  permissions: ['permissions'] as const,
}

export const groupsQueryOptions = pagedListQueryOptions(groupKeys.all, '/api/permissions_groups/', groupList)

/** User forms offer up to 100 groups (administration.md section 6). */
export const groupsForSelectionQueryOptions = () =>
  queryOptions({
    queryKey: groupKeys.forSelection,
    queryFn: ({ signal }) => api('/api/permissions_groups/', { query: { per_page: GROUPS_FOR_SELECTION }, schema: groupList, signal }),
    meta: { persist: true },
  })

export const permissionsQueryOptions = () =>
  queryOptions({
    queryKey: groupKeys.permissions,
    queryFn: ({ signal }) => api('/api/permissions/', { schema: permissionList, signal }),
    staleTime: 60 * 60_000,
    meta: { persist: true },
  })

export const createGroup = (body: GroupInput) => api('/api/permissions_groups/', { method: 'POST', body, schema: group })
export const updateGroup = (id: number, body: Partial<GroupInput>) => api(`/api/permissions_groups/${id}/`, { method: 'PATCH', body, schema: group })
export const useDeleteGroup = () =>
  useDeleteWrite((g: Group) => api(`/api/permissions_groups/${g.permissions_group_id}/`, { method: 'DELETE' }), [groupKeys.all])
