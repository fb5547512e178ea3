import type { FastifyInstance } from 'fastify'
import { eq } from 'drizzle-orm'
import { idParams } from '../../shared/schemas/common'
import { userCreate, userListQuery, userUpdate } from '../../shared/schemas/users'
import { T } from '../../shared/texts'
import { users } from '../db/schema'
import { audit } from '../lib/audit'
import { badRequest, fieldError, forbidden, notFound } from '../lib/http-errors'
import { mutate } from '../lib/mutation'
import { hashPassword, verifyPassword } from '../lib/password'
import type { Req } from '../lib/route-types'
import { findUser, listUsers, setUserGroups, usernameTaken } from '../repositories/users'

export async function userRoutes(app: FastifyInstance) {
  app.get('/api/users/me/', { config: { access: 'user' } }, async (request) => {
    const me = request.user()
    const { permissions, ...rest } = me
    return { ...rest, permissions: [...permissions].sort() }
  })

  app.get('/api/users/', { config: { permission: 'users.view' }, schema: { querystring: userListQuery } }, async (request: Req<{ query: typeof userListQuery }>) =>
    listUsers(app.db, request.user().account_id, request.query),
  )

  app.get('/api/users/:id/', { config: { permission: 'users.view' }, schema: { params: idParams } }, async (request: Req<{ params: typeof idParams }>) => {
    const user = await findUser(app.db, request.user().account_id, request.params.id)
    if (!user) throw notFound()
    return user
  })

  app.post('/api/users/', { config: { permission: 'users.manage' }, schema: { body: userCreate } }, async (request: Req<{ body: typeof userCreate }>, reply) => {
    const me = request.user()
    const input = request.body
    const passwordHash = await hashPassword(input.password)
    const created = await mutate(
      request,
      reply,
      async (tx) => {
        if (await usernameTaken(tx, input.username)) throw fieldError('username', T.usernameTaken)
        const [row] = await tx
          .insert(users)
          .values({
            username: input.username,
            first_name: input.first_name,
            last_name: input.last_name,
            middle_name: input.middle_name,
            email: input.email,
            password_hash: passwordHash,
            account_id: me.account_id,
            is_stuff: true,
          })
          .returning({ user_id: users.user_id })
        await setUserGroups(tx, row!.user_id, input.groups)
        const user = await findUser(tx, null, row!.user_id)
        await audit(tx, request, 'user', row!.user_id, 'create', null, user)
        return user
      },
      { status: 201 },
    )
    app.auth.invalidate()
    return created
  })

  // Users with users.manage edit anyone of their account; everybody may change their own password.
  app.patch(
    '/api/users/:id/',
    { config: { access: 'user' }, schema: { params: idParams, body: userUpdate } },
    async (request: Req<{ params: typeof idParams; body: typeof userUpdate }>, reply) => {
      const me = request.user()
      const { current_password, password, ...fields } = request.body
      const self = me.user_id === request.params.id
      const onlyOwnPassword = self && Object.keys(fields).length === 0 && password !== undefined
      if (!me.is_stuff || (!onlyOwnPassword && !me.permissions.has('users.manage'))) throw forbidden()
      if (self && password !== undefined && !me.permissions.has('users.manage') && current_password === undefined) {
        throw fieldError('current_password', T.requiredUser)
      }
      const passwordHash = password === undefined ? undefined : await hashPassword(password)
      const updated = await mutate(request, reply, async (tx) => {
        const before = await findUser(tx, me.account_id, request.params.id)
        if (!before) throw notFound()
        if (current_password !== undefined) {
          const [row] = await tx.select({ hash: users.password_hash }).from(users).where(eq(users.user_id, request.params.id))
          if (!row || !(await verifyPassword(current_password, row.hash))) throw fieldError('current_password', T.wrongPassword)
        }
        if (fields.username !== undefined && (await usernameTaken(tx, fields.username, request.params.id))) {
          throw fieldError('username', T.usernameTaken)
        }
        const { groups, ...columns } = fields
        const set = { ...columns, ...(passwordHash ? { password_hash: passwordHash } : {}) }
        if (Object.keys(set).length > 0) await tx.update(users).set(set).where(eq(users.user_id, request.params.id))
        if (groups !== undefined) await setUserGroups(tx, request.params.id, groups)
        const after = await findUser(tx, null, request.params.id)
        await audit(tx, request, 'user', request.params.id, password ? 'update_password' : 'update', before, after)
        return after
      })
      app.auth.invalidate()
      return updated
    },
  )

  app.delete('/api/users/:id/', { config: { permission: 'users.manage' }, schema: { params: idParams } }, async (request: Req<{ params: typeof idParams }>, reply) => {
    const me = request.user()
    if (me.user_id === request.params.id) throw badRequest(T.cannotDeleteSelf)
    await mutate(
      request,
      reply,
      async (tx) => {
        const before = await findUser(tx, me.account_id, request.params.id)
        if (!before) throw notFound()
        await tx.delete(users).where(eq(users.user_id, request.params.id))
        await audit(tx, request, 'user', request.params.id, 'delete', before, null)
      },
      { status: 204 },
    )
    app.auth.invalidate()
  })
}
