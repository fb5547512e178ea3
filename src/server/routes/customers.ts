import type { FastifyInstance } from 'fastify'
import { idParams } from '../../shared/schemas/common'
import { customerInput, customerListQuery, customerUpdate } from '../../shared/schemas/customers'
import { T } from '../../shared/texts'
import { audit } from '../lib/audit'
import { fieldError, notFound } from '../lib/http-errors'
import { mutate } from '../lib/mutation'
import type { Req } from '../lib/route-types'
import { parseOr400 } from '../plugins/validation'
import { deleteCustomer, findCustomer, insertCustomer, listCustomers, updateCustomer } from '../repositories/customers'

/** The subscriber register (administration.md sections 2, 3, 5, 7). */
export async function customerRoutes(app: FastifyInstance) {
  app.get('/api/customers/', { config: { permission: 'customers.view' }, schema: { querystring: customerListQuery } }, async (request: Req<{ query: typeof customerListQuery }>) =>
    listCustomers(app.db, request.user().account_id, request.query),
  )

  app.get('/api/customers/:id/', { config: { permission: 'customers.view' }, schema: { params: idParams } }, async (request: Req<{ params: typeof idParams }>) => {
    const found = await findCustomer(app.db, request.user().account_id, request.params.id)
    if (!found) throw notFound()
    return found
  })

  app.post('/api/customers/', { config: { permission: 'customers.change' }, schema: { body: customerInput } }, async (request: Req<{ body: typeof customerInput }>, reply) =>
    mutate(
      request,
      reply,
      async (tx) => {
        const created = await insertCustomer(tx, request.user().account_id, request.body)
        await audit(tx, request, 'customer', created.customer_id, 'create', null, created)
        return created
      },
      { status: 201 },
    ),
  )

  app.patch(
    '/api/customers/:id/',
    { config: { permission: 'customers.change' }, schema: { params: idParams, body: customerUpdate } },
    async (request: Req<{ params: typeof idParams; body: typeof customerUpdate }>, reply) => {
      const id = request.params.id
      return mutate(request, reply, async (tx) => {
        const before = await findCustomer(tx, request.user().account_id, id)
        if (!before) throw notFound()
        if (request.body.customer_type !== undefined && request.body.customer_type !== before.customer_type) throw fieldError('customer_type', T.customerTypeFixed)
        const { customer_id: _id, created_at: _created, name: _name, ...current } = before
        const merged = parseOr400(customerInput, { ...current, ...request.body })
        const after = await updateCustomer(tx, id, merged)
        await audit(tx, request, 'customer', id, 'update', before, after)
        return after
      })
    },
  )

  // The spec writes this call without the trailing slash; both spellings work.
  for (const url of ['/api/customers/:id', '/api/customers/:id/']) {
    app.delete(url, { config: { permission: 'customers.change' }, schema: { params: idParams } }, async (request: Req<{ params: typeof idParams }>, reply) => {
      await mutate(
        request,
        reply,
        async (tx) => {
          const before = await findCustomer(tx, request.user().account_id, request.params.id)
          if (!before) throw notFound()
          await deleteCustomer(tx, request.params.id)
          await audit(tx, request, 'customer', request.params.id, 'delete', before, null)
        },
        { status: 204 },
      )
    })
  }
}
