import type { FastifyInstance } from 'fastify'
import { accountEmailInput, accountEmailUpdate, accountUpdate } from '../../shared/schemas/account'
import { idParams, listQuery } from '../../shared/schemas/common'
import { T } from '../../shared/texts'
import { createAudited, deleteAudited, updateAudited } from '../lib/audited-writes'
import { fieldError, notFound, orNotFound } from '../lib/http-errors'
import type { Req } from '../lib/route-types'
import type { SecretBox } from '../lib/secret-box'
import type { Executor } from '../db/client'
import {
  deleteEmail,
  findAccount,
  findEmail,
  insertEmail,
  listEmails,
  publicEmail,
  passwordToStore,
  smtpServerChanged,
  updateAccount,
  updateEmail,
} from '../repositories/accounts'

type IdReq = Req<{ params: typeof idParams }>

/** A user reaches only their own account: another id is simply not found. */
function ownAccountId(request: { user(): { account_id: number | null } }, requested?: number): number {
  const accountId = request.user().account_id
  if (accountId === null || (requested !== undefined && requested !== accountId)) throw notFound()
  return accountId
}

/** An account's e-mail setting as answered and audited: the sealed password stays out of both. */
const publicEmailOf = (accountId: number) => async (db: Executor, id: number) => {
  const row = await findEmail(db, accountId, id)
  return row && publicEmail(row)
}

export async function accountRoutes(app: FastifyInstance, options: { box: SecretBox }) {
  const emails = { permission: 'account_emails.manage' } as const
  app.get('/api/account/:id/', { config: { permission: 'account.view' }, schema: { params: idParams } }, async (request: IdReq) =>
    orNotFound(await findAccount(app.db, ownAccountId(request, request.params.id))),
  )

  app.patch(
    '/api/account/:id/',
    { config: { permission: 'account.change' }, schema: { params: idParams, body: accountUpdate } },
    async (request: Req<{ params: typeof idParams; body: typeof accountUpdate }>, reply) => {
      const id = ownAccountId(request, request.params.id)
      return updateAudited(request, reply, {
        entity: 'account',
        id,
        find: findAccount,
        change: async (tx, before) => (Object.keys(request.body).length ? updateAccount(tx, id, request.body) : before),
      })
    },
  )

  app.get('/api/account_emails/', { config: emails, schema: { querystring: listQuery } }, async (request: Req<{ query: typeof listQuery }>) => {
    return listEmails(app.db, ownAccountId(request), request.query)
  })

  app.get('/api/account_emails/:id/', { config: emails, schema: { params: idParams } }, async (request: IdReq) =>
    publicEmail(orNotFound(await findEmail(app.db, ownAccountId(request), request.params.id))),
  )

  app.post('/api/account_emails/', { config: emails, schema: { body: accountEmailInput } }, async (request: Req<{ body: typeof accountEmailInput }>, reply) => {
    const accountId = ownAccountId(request)
    const { smtp_password, ...fields } = request.body
    return createAudited(request, reply, {
      entity: 'account_email',
      create: async (tx) =>
        (
          await insertEmail(tx, accountId, {
            ...fields,
            smtp_password_sealed: passwordToStore(options.box, { login: fields.smtp_user ?? '', typed: smtp_password, stored: false }) ?? '',
          })
        ).account_email_id,
      find: publicEmailOf(accountId),
    })
  })

  app.patch(
    '/api/account_emails/:id/',
    { config: emails, schema: { params: idParams, body: accountEmailUpdate } },
    async (request: Req<{ params: typeof idParams; body: typeof accountEmailUpdate }>, reply) => {
      const accountId = ownAccountId(request)
      const { smtp_password, ...fields } = request.body
      const id = request.params.id
      return updateAudited(request, reply, {
        entity: 'account_email',
        id,
        find: publicEmailOf(accountId),
        secret: Boolean(smtp_password),
        change: async (tx, before) => {
          const login = fields.smtp_user ?? before.smtp_user
          if (login && before.has_password && !smtp_password && smtpServerChanged(before, fields)) throw fieldError('smtp_password', T.smtpPasswordAgain)
          const sealed = passwordToStore(options.box, { login, typed: smtp_password, stored: before.has_password })
          const set = { ...fields, ...(sealed === undefined ? {} : { smtp_password_sealed: sealed }) }
          return Object.keys(set).length ? publicEmail(await updateEmail(tx, id, set)) : before
        },
      })
    },
  )

  app.delete('/api/account_emails/:id/', { config: emails, schema: { params: idParams } }, async (request: IdReq, reply) => {
    const accountId = ownAccountId(request)
    await deleteAudited(request, reply, {
      entity: 'account_email',
      id: request.params.id,
      find: publicEmailOf(accountId),
      remove: (tx) => deleteEmail(tx, request.params.id),
    })
  })
}
