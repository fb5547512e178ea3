import { queryOptions } from '@tanstack/react-query'
import { account, accountEmail, accountEmailList, type AccountEmailInput } from '../../../../shared/schemas/account'
import type * as v from 'valibot'
import { api } from '../../../lib/api-client'
import { useDeleteWrite } from '../../../lib/writes'

export const accountKeys = {
  account: (id: number) => ['account', id] as const,
  emails: ['account-emails'] as const,
}

export const accountQueryOptions = (id: number) =>
  queryOptions({ queryKey: accountKeys.account(id), queryFn: ({ signal }) => api(`/api/account/${id}/`, { schema: account, signal }) })

export const accountEmailsQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.emails,
    queryFn: ({ signal }) => api('/api/account_emails/', { query: { page_size: 'all' }, schema: accountEmailList, signal }),
  })

export const saveAccount = (id: number, body: Record<string, string>) => api(`/api/account/${id}/`, { method: 'PATCH', body, schema: account })
export const createAccountEmail = (body: AccountEmailInput) => api('/api/account_emails/', { method: 'POST', body, schema: accountEmail })
export const updateAccountEmail = (id: number, body: Partial<AccountEmailInput>) =>
  api(`/api/account_emails/${id}/`, { method: 'PATCH', body, schema: accountEmail })
export const useDeleteAccountEmail = () =>
  useDeleteWrite((row: AccountEmailRow) => api(`/api/account_emails/${row.account_email_id}/`, { method: 'DELETE' }), [accountKeys.emails])
export type AccountEmailRow = v.InferOutput<typeof accountEmail>
