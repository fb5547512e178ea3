import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { account, accountEmail, accountEmailList, type AccountEmailInput } from '../../../../shared/schemas/account'
import type * as v from 'valibot'
import { api } from '../../../lib/api-client'
import { useDeleteWrite, useWrite } from '../../../lib/writes'

const accountKeys = {
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

/** The account's settings saved; the answer is the account as stored, put in place of the shown one. */
export function useSaveAccount(id: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: Record<string, string>) => api(`/api/account/${id}/`, { method: 'PATCH', body, schema: account }),
    onSuccess: (saved) => queryClient.setQueryData(accountKeys.account(id), saved),
  })
}
const createAccountEmail = (body: AccountEmailInput) => api('/api/account_emails/', { method: 'POST', body, schema: accountEmail })
const updateAccountEmail = (id: number, body: Partial<AccountEmailInput>) => api(`/api/account_emails/${id}/`, { method: 'PATCH', body, schema: accountEmail })
/** A new mail account (no `row`) or a changed one; the list shows it at once. */
export const useSaveAccountEmail = () =>
  useWrite(
    ({ row, body }: { row: AccountEmailRow | null; body: AccountEmailInput }) =>
      row ? updateAccountEmail(row.account_email_id, body) : createAccountEmail(body),
    [accountKeys.emails],
  )
export const useDeleteAccountEmail = () =>
  useDeleteWrite((row: AccountEmailRow) => api(`/api/account_emails/${row.account_email_id}/`, { method: 'DELETE' }), [accountKeys.emails])
export type AccountEmailRow = v.InferOutput<typeof accountEmail>
