import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { customer, customerList, type Customer, type CustomerInput, type CustomerUpdate } from '../../../../shared/schemas/customers'
import { api } from '../../../lib/api-client'
import { useDeleteWrite } from '../../../lib/writes'
import type { ListSearch } from '../../../lib/list-search'

const customerKeys = {
  all: ['customers'] as const,
  list: (search: ListSearch) => ['customers', 'list', search] as const,
  options: ['customers', 'options'] as const,
}

export const customersQueryOptions = (search: ListSearch) =>
  queryOptions({
    queryKey: customerKeys.list(search),
    queryFn: ({ signal }) => api('/api/customers/', { query: search, schema: customerList, signal }),
    placeholderData: keepPreviousData,
  })

export const createCustomer = (body: CustomerInput) => api('/api/customers/', { method: 'POST', body, schema: customer })
export const updateCustomer = (id: number, body: CustomerUpdate) => api(`/api/customers/${id}/`, { method: 'PATCH', body, schema: customer })
export const useDeleteCustomer = () => useDeleteWrite((c: Customer) => api(`/api/customers/${c.customer_id}`, { method: 'DELETE' }), [customerKeys.all])
