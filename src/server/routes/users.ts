import type { FastifyInstance } from 'fastify'
import { idParams, listQuery } from '../../shared/schemas/common'
import { userCreate, userUpdate } from '../../shared/schemas/users'
import { T } from '../../shared/texts'
import { createAudited, deleteAudited, updateAudited } from '../lib/audited-writes'
import { fieldError, forbidden, orNotFound } from '../lib/http-errors'
import { hashPassword } from '../lib/password'
import type { Req } from '../lib/route-types'
import type { PasswordGuesses } from '../lib/login-throttle'
import { changeUser, createUser, credentialVersionOf, findUser, listUsers, passwordIsRight, removeUser } from '../repositories/users'

export async function userRoutes(app: FastifyInstance, options: { guesses: PasswordGuesses }) {
  app.get('/api/users/me/', { config: { access: 'user' } }, async (request) => {
    const me = request.user()
    const { permissions, credential_version: _, ...rest } = me
    return { ...rest, permissions: [...permissions].sort() }
  })

  app.get('/api/users/', { config: { permission: 'users.view' }, schema: { querystring: listQuery } }, async (request: Req<{ query: typeof listQuery }>) =>
    listUsers(app.db, request.user().account_id, request.query),
  )

  app.get('/api/users/:id/', { config: { permission: 'users.view' }, schema: { params: idParams } }, async (request: Req<{ params: typeof idParams }>) =>
    orNotFound(await findUser(app.db, request.user().account_id, request.params.id)),
  )

  app.post(
    '/api/users/',
    { config: { permission: 'users.manage' }, schema: { body: userCreate } },
    async (request: Req<{ body: typeof userCreate }>, reply) => {
      const me = request.user()
      const passwordHash = await hashPassword(request.body.password)
      const created = await createAudited(request, reply, {
        entity: 'user',
        create: (tx) => createUser(tx, me.user_id, me.account_id, request.body, passwordHash),
        find: (tx, id) => findUser(tx, me.account_id, id),
      })
      app.auth.invalidate()
      return created
    },
  )

  // Users with users.manage edit the users of their account (docs/security.md); everybody may change their own
  // password with the current one, and gets a new token for it, their earlier ones having ended.
  app.patch(
    '/api/users/:id/',
    { config: { access: 'user' }, schema: { params: idParams, body: userUpdate } },
    async (request: Req<{ params: typeof idParams; body: typeof userUpdate }>, reply) => {
      const me = request.user()
      const id = request.params.id
      const { password, current_password, ...fields } = request.body
      const self = me.user_id === id
      const onlyOwnPassword = self && password !== undefined && Object.keys(fields).length === 0
      if (!onlyOwnPassword && (!me.is_stuff || !me.permissions.has('users.manage'))) throw forbidden()
      if (!self && current_password !== undefined) throw fieldError('current_password', T.currentPasswordOwnOnly)
      if (self && password !== undefined && current_password === undefined) throw fieldError('current_password', T.requiredUser)
      // Checked before the new password is hashed, and counted as a sign-in would be.
      if (current_password !== undefined && !(await options.guesses.check(request.ip, me.username, () => passwordIsRight(app.db, id, current_password)))) {
        throw fieldError('current_password', T.wrongPassword)
      }
      const passwordHash = password === undefined ? undefined : await hashPassword(password)
      const updated = await updateAudited(request, reply, {
        entity: 'user',
        id,
        action: password ? 'update_password' : 'update',
        secret: password !== undefined,
        find: (tx, id) => findUser(tx, me.account_id, id),
        change: (tx, before) => changeUser(tx, me.user_id, before, { ...fields, passwordHash }),
      })
      app.auth.invalidate()
      if (!(self && password !== undefined)) return updated
      return { ...updated, token: app.auth.sign(id, await credentialVersionOf(app.db, id)) }
    },
  )

  app.delete(
    '/api/users/:id/',
    { config: { permission: 'users.manage' }, schema: { params: idParams } },
    async (request: Req<{ params: typeof idParams }>, reply) => {
      const me = request.user()
      await deleteAudited(request, reply, {
        entity: 'user',
        id: request.params.id,
        find: (tx, id) => findUser(tx, me.account_id, id),
        remove: (tx, before) => removeUser(tx, me.user_id, before),
      })
      app.auth.invalidate()
    },
  )
}
