import { customer, customerList, type Customer, type CustomerInput, type CustomerUpdate } from '../../../../shared/schemas/customers'
import { api } from '../../../lib/api-client'
import { useDeleteWrite } from '../../../lib/writes'
import { pagedListQueryOptions } from '../../../lib/list-query'

const customerKeys = { all: ['customers'] as const }

export const customersQueryOptions = pagedListQueryOptions(customerKeys.all, '/api/customers/', customerList)

export const createCustomer = (body: CustomerInput) => api('/api/customers/', { method: 'POST', body, schema: customer })
export const updateCustomer = (id: number, body: CustomerUpdate) => api(`/api/customers/${id}/`, { method: 'PATCH', body, schema: customer })
export const useDeleteCustomer = () => useDeleteWrite((c: Customer) => api(`/api/customers/${c.customer_id}`, { method: 'DELETE' }), [customerKeys.all])
