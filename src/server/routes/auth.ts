import type { FastifyInstance } from 'fastify'
import { loginInput } from '../../shared/schemas/auth'
import { T } from '../../shared/texts'
import { badRequest } from '../lib/http-errors'
import { hashIsOutdated, hashPassword, verifyPassword } from '../lib/password'
import type { Req } from '../lib/route-types'
import type { PasswordGuesses } from '../lib/login-throttle'
import { findLogin, replaceOutdatedHash } from '../repositories/users'

/** A fixed hash to compare against when the user does not exist, so that timing does not reveal logins. */
const DUMMY_HASH = 'scrypt$131072$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA='

export async function authRoutes(app: FastifyInstance, options: { guesses: PasswordGuesses }) {
  app.post('/api/api-token-auth/', { config: { access: 'public' }, schema: { body: loginInput } }, async (request: Req<{ body: typeof loginInput }>) => {
    const { username, password } = request.body
    const user = await options.guesses.check(request.ip, username, async () => {
      const found = await findLogin(app.db, username)
      const ok = await verifyPassword(password, found?.password_hash ?? DUMMY_HASH)
      return found && ok ? found : undefined
    })
    if (!user) throw badRequest({ non_field_errors: [T.loginFailed] })
    // Only one who knows the password learns that the account is disabled, and so whom to ask.
    if (!user.is_active) throw badRequest({ non_field_errors: [T.accountDisabled] })
    if (hashIsOutdated(user.password_hash)) {
      // Only now is the password known: the hash is made again with the current parameters, unless it changed meanwhile.
      await replaceOutdatedHash(app.db, user.user_id, user.password_hash, await hashPassword(password))
    }
    return { token: app.auth.sign(user.user_id, user.credential_version) }
  })
}
