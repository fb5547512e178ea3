import type { FastifyInstance } from 'fastify'
import { and, asc, count, eq } from 'drizzle-orm'
import { accountEmailInput, accountEmailListQuery, accountEmailUpdate, accountUpdate, type AccountEmail } from '../../shared/schemas/account'
import { idParams } from '../../shared/schemas/common'
import { accountEmails, accounts } from '../db/schema'
import type { Executor } from '../db/client'
import { audit } from '../lib/audit'
import { notFound } from '../lib/http-errors'
import { mutate } from '../lib/mutation'
import type { Req } from '../lib/route-types'
import type { SecretBox } from '../lib/secret-box'
import { paged, withPage } from '../lib/listing'

const accountColumns = {
  account_id: accounts.account_id,
  name: accounts.name,
  external_notify_email: accounts.external_notify_email,
  support_email: accounts.support_email,
  inn: accounts.inn,
}

type EmailRow = typeof accountEmails.$inferSelect
/** The SMTP password never leaves the server: the answer only says whether one is stored. */
const publicEmail = ({ smtp_password_sealed, account_id: _, ...row }: EmailRow): AccountEmail => ({
  ...row,
  smtp_encryption: row.smtp_encryption as AccountEmail['smtp_encryption'],
  has_password: smtp_password_sealed !== '',
})

async function findEmail(db: Executor, accountId: number, id: number) {
  const [row] = await db.select().from(accountEmails).where(and(eq(accountEmails.account_id, accountId), eq(accountEmails.account_email_id, id)))
  return row
}

/** A user reaches only their own account: another id is simply not found. */
function ownAccountId(request: { user(): { account_id: number | null } }, requested?: number): number {
  const accountId = request.user().account_id
  if (accountId === null || (requested !== undefined && requested !== accountId)) throw notFound()
  return accountId
}

export async function accountRoutes(app: FastifyInstance, options: { box: SecretBox }) {
  app.get('/api/account/:id/', { config: { permission: 'account.view' }, schema: { params: idParams } }, async (request: Req<{ params: typeof idParams }>) => {
    const [row] = await app.db.select(accountColumns).from(accounts).where(eq(accounts.account_id, ownAccountId(request, request.params.id)))
    if (!row) throw notFound()
    return row
  })

  app.patch(
    '/api/account/:id/',
    { config: { permission: 'account.change' }, schema: { params: idParams, body: accountUpdate } },
    async (request: Req<{ params: typeof idParams; body: typeof accountUpdate }>, reply) => {
      const id = ownAccountId(request, request.params.id)
      return mutate(request, reply, async (tx) => {
        const [before] = await tx.select(accountColumns).from(accounts).where(eq(accounts.account_id, id))
        if (!before) throw notFound()
        const [after] = Object.keys(request.body).length
          ? await tx.update(accounts).set(request.body).where(eq(accounts.account_id, id)).returning(accountColumns)
          : [before]
        await audit(tx, request, 'account', id, 'update', before, after)
        return after
      })
    },
  )

  app.get('/api/account_emails/', { config: { permission: 'account_emails.manage' }, schema: { querystring: accountEmailListQuery } }, async (request: Req<{ query: typeof accountEmailListQuery }>) => {
    const accountId = ownAccountId(request)
    const where = eq(accountEmails.account_id, accountId)
    const rows = withPage(app.db.select().from(accountEmails).where(where).orderBy(asc(accountEmails.name), asc(accountEmails.account_email_id)).$dynamic(), request.query)
    return paged(rows, () => app.db.select({ count: count() }).from(accountEmails).where(where), publicEmail, request.query)
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
        const [row] = await tx
          .insert(accountEmails)
          .values({ ...fields, account_id: accountId, smtp_password_sealed: options.box.seal(smtp_password) })
          .returning()
        const answer = publicEmail(row!)
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
        const [after] = Object.keys(set).length
          ? await tx.update(accountEmails).set(set).where(eq(accountEmails.account_email_id, before.account_email_id)).returning()
          : [before]
        await audit(tx, request, 'account_email', before.account_email_id, 'update', publicEmail(before), publicEmail(after!))
        return publicEmail(after!)
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
        await tx.delete(accountEmails).where(eq(accountEmails.account_email_id, before.account_email_id))
        await audit(tx, request, 'account_email', before.account_email_id, 'delete', publicEmail(before), null)
      },
      { status: 204 },
    )
  })
}
