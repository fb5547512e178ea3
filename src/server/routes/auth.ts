import type { FastifyInstance } from 'fastify'
import { loginInput } from '../../shared/schemas/auth'
import { T } from '../../shared/texts'
import { HttpError, badRequest } from '../lib/http-errors'
import { hashIsOutdated, hashPassword, verifyPassword } from '../lib/password'
import type { Req } from '../lib/route-types'
import { loginDelay, loginThrottle } from '../lib/login-throttle'
import { findLogin, replaceOutdatedHash } from '../repositories/users'

/** A fixed hash to compare against when the user does not exist, so that timing does not reveal logins. */
const DUMMY_HASH = 'scrypt$131072$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA='

export async function authRoutes(app: FastifyInstance, options: { maxFailures?: number }) {
  const throttle = loginThrottle({ maxFailures: options.maxFailures ?? 10, windowMs: 15 * 60_000 })
  // Failures of one login from all addresses together: 5 pass, then 1 s, 2 s, 4 s... up to a minute between attempts.
  const delay = loginDelay({ freeFailures: 5, firstDelayMs: 1000, maxDelayMs: 60_000, forgetMs: 15 * 60_000 })

  app.post('/api/api-token-auth/', { config: { access: 'public' }, schema: { body: loginInput } }, async (request: Req<{ body: typeof loginInput }>) => {
    const { username, password } = request.body
    const login = username.toLowerCase()
    const throttleKey = `${request.ip}|${login}`
    // A right password is not accepted while either pause runs, so that a guesser cannot tell it is right.
    const retryAfter = throttle.blockedFor(throttleKey) || delay.begin(login)
    if (retryAfter > 0) throw new HttpError(429, { detail: T.tooManyLogins, retry_after: Math.ceil(retryAfter / 1000) })
    const user = await findLogin(app.db, username)
    const ok = await verifyPassword(password, user?.password_hash ?? DUMMY_HASH)
    if (!user || !ok || !user.is_active) {
      throttle.fail(throttleKey)
      delay.fail(login)
      throw badRequest({ non_field_errors: [T.loginFailed] })
    }
    throttle.succeed(throttleKey)
    delay.succeed(login)
    if (hashIsOutdated(user.password_hash)) {
      // Only now is the password known: the hash is made again with the current parameters, unless it changed meanwhile.
      await replaceOutdatedHash(app.db, user.user_id, user.password_hash, await hashPassword(password))
    }
    return { token: app.auth.sign(user.user_id, user.credential_version) }
  })
}
