import type { FastifyInstance } from 'fastify'
import { idParams, listQuery } from '../../shared/schemas/common'
import { customerInput, customerUpdate } from '../../shared/schemas/customers'
import { T } from '../../shared/texts'
import { createAudited, deleteAudited, updateAudited } from '../lib/audited-writes'
import { fieldError, orNotFound } from '../lib/http-errors'
import { bothSpellings, type Req } from '../lib/route-types'
import { parseOr400 } from '../plugins/validation'
import { deleteCustomer, findCustomer, insertCustomer, listCustomers, updateCustomer } from '../repositories/customers'

type IdReq = Req<{ params: typeof idParams }>

/** The subscriber register (administration.md sections 2, 3, 5, 7). */
export async function customerRoutes(app: FastifyInstance) {
  const view = { permission: 'customers.view' } as const
  const change = { permission: 'customers.change' } as const

  app.get('/api/customers/', { config: view, schema: { querystring: listQuery } }, async (request: Req<{ query: typeof listQuery }>) =>
    listCustomers(app.db, request.user().account_id, request.query),
  )

  app.get('/api/customers/:id/', { config: view, schema: { params: idParams } }, async (request: IdReq) =>
    orNotFound(await findCustomer(app.db, request.user().account_id, request.params.id)),
  )

  app.post('/api/customers/', { config: change, schema: { body: customerInput } }, async (request: Req<{ body: typeof customerInput }>, reply) =>
    createAudited(request, reply, {
      entity: 'customer',
      create: (tx) => insertCustomer(tx, request.user().account_id, request.body),
      find: (tx, id) => findCustomer(tx, request.user().account_id, id),
    }),
  )

  app.patch(
    '/api/customers/:id/',
    { config: change, schema: { params: idParams, body: customerUpdate } },
    async (request: Req<{ params: typeof idParams; body: typeof customerUpdate }>, reply) => {
      const id = request.params.id
      return updateAudited(request, reply, {
        entity: 'customer',
        id,
        find: (tx, id) => findCustomer(tx, request.user().account_id, id),
        change: (tx, before) => {
          if (request.body.customer_type !== undefined && request.body.customer_type !== before.customer_type)
            throw fieldError('customer_type', T.customerTypeFixed)
          const { customer_id: _id, created_at: _created, name: _name, ...current } = before
          return updateCustomer(tx, id, parseOr400(customerInput, { ...current, ...request.body }))
        },
      })
    },
  )

  for (const url of bothSpellings('/api/customers/:id')) {
    app.delete(url, { config: change, schema: { params: idParams } }, async (request: IdReq, reply) => {
      await deleteAudited(request, reply, {
        entity: 'customer',
        id: request.params.id,
        find: (tx, id) => findCustomer(tx, request.user().account_id, id),
        remove: (tx) => deleteCustomer(tx, request.params.id),
      })
      // The subscriber's sign-in ended with the customer: its principal must not outlive it in the cache.
      app.auth.invalidate()
    })
  }
}
