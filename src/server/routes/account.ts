import type { FastifyInstance } from 'fastify'
import { accountEmailInput, accountEmailListQuery, accountEmailUpdate, accountUpdate } from '../../shared/schemas/account'
import { idParams } from '../../shared/schemas/common'
import { audit } from '../lib/audit'
import { notFound } from '../lib/http-errors'
import { mutate } from '../lib/mutation'
import type { Req } from '../lib/route-types'
import type { SecretBox } from '../lib/secret-box'
import { deleteEmail, findAccount, findEmail, insertEmail, listEmails, publicEmail, updateAccount, updateEmail } from '../repositories/accounts'

/** A user reaches only their own account: another id is simply not found. */
function ownAccountId(request: { user(): { account_id: number | null } }, requested?: number): number {
  const accountId = request.user().account_id
  if (accountId === null || (requested !== undefined && requested !== accountId)) throw notFound()
  return accountId
}

export async function accountRoutes(app: FastifyInstance, options: { box: SecretBox }) {
  app.get('/api/account/:id/', { config: { permission: 'account.view' }, schema: { params: idParams } }, async (request: Req<{ params: typeof idParams }>) => {
    const row = await findAccount(app.db, ownAccountId(request, request.params.id))
    if (!row) throw notFound()
    return row
  })

  app.patch(
    '/api/account/:id/',
    { config: { permission: 'account.change' }, schema: { params: idParams, body: accountUpdate } },
    async (request: Req<{ params: typeof idParams; body: typeof accountUpdate }>, reply) => {
      const id = ownAccountId(request, request.params.id)
      return mutate(request, reply, async (tx) => {
        const before = await findAccount(tx, id)
        if (!before) throw notFound()
        const after = Object.keys(request.body).length ? await updateAccount(tx, id, request.body) : before
        await audit(tx, request, 'account', id, 'update', before, after)
        return after
      })
    },
  )

  app.get('/api/account_emails/', { config: { permission: 'account_emails.manage' }, schema: { querystring: accountEmailListQuery } }, async (request: Req<{ query: typeof accountEmailListQuery }>) => {
    return listEmails(app.db, ownAccountId(request), request.query)
  })

  app.get('/api/account_emails/:id/', { config: { permission: 'account_emails.manage' }, schema: { params: idParams } }, async (request: Req<{ params: typeof idParams }>) => {
    const row = await findEmail(app.db, ownAccountId(request), request.params.id)
    if (!row) throw notFound()
    return publicEmail(row)
  })

  app.post('/api/account_emails/', { config: { permission: 'account_emails.manage' }, schema: { body: accountEmailInput } }, async (request: Req<{ body: typeof accountEmailInput }>, reply) => {
    const accountId = ownAccountId(request)
    const { smtp_password, ...fields } = request.body
    return mutate(
      request,
      reply,
      async (tx) => {
        const answer = publicEmail(await insertEmail(tx, accountId, { ...fields, smtp_password_sealed: options.box.seal(smtp_password) }))
        await audit(tx, request, 'account_email', answer.account_email_id, 'create', null, answer)
        return answer
      },
      { status: 201 },
    )
  })

  app.patch(
    '/api/account_emails/:id/',
    { config: { permission: 'account_emails.manage' }, schema: { params: idParams, body: accountEmailUpdate } },
    async (request: Req<{ params: typeof idParams; body: typeof accountEmailUpdate }>, reply) => {
      const accountId = ownAccountId(request)
      const { smtp_password, ...fields } = request.body
      return mutate(request, reply, async (tx) => {
        const before = await findEmail(tx, accountId, request.params.id)
        if (!before) throw notFound()
        const set = { ...fields, ...(smtp_password ? { smtp_password_sealed: options.box.seal(smtp_password) } : {}) }
        const after = Object.keys(set).length ? await updateEmail(tx, before.account_email_id, set) : before
        await audit(tx, request, 'account_email', before.account_email_id, 'update', publicEmail(before), publicEmail(after))
        return publicEmail(after)
      })
    },
  )

  app.delete('/api/account_emails/:id/', { config: { permission: 'account_emails.manage' }, schema: { params: idParams } }, async (request: Req<{ params: typeof idParams }>, reply) => {
    const accountId = ownAccountId(request)
    await mutate(
      request,
      reply,
      async (tx) => {
        const before = await findEmail(tx, accountId, request.params.id)
        if (!before) throw notFound()
        await deleteEmail(tx, before.account_email_id)
        await audit(tx, request, 'account_email', before.account_email_id, 'delete', publicEmail(before), null)
      },
      { status: 204 },
    )
  })
}
