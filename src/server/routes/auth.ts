import type { FastifyInstance } from 'fastify'
import { and, eq, sql } from 'drizzle-orm'
import { loginInput } from '../../shared/schemas/auth'
import { T } from '../../shared/texts'
import { users } from '../db/schema'
import { HttpError } from '../lib/http-errors'
import { hashIsOutdated, hashPassword, verifyPassword } from '../lib/password'
import type { Req } from '../lib/route-types'
import { loginDelay, loginThrottle } from '../lib/login-throttle'

/** A fixed hash to compare against when the user does not exist, so that timing does not reveal logins. */
const DUMMY_HASH = 'scrypt$131072$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA='

export async function authRoutes(app: FastifyInstance, options: { maxFailures?: number }) {
  const throttle = loginThrottle({ maxFailures: options.maxFailures ?? 10, windowMs: 15 * 60_000 })
  // Failures of one login from all addresses together: 5 pass, then 1 s, 2 s, 4 s... up to a minute between attempts.
  const delay = loginDelay({ freeFailures: 5, firstDelayMs: 1000, maxDelayMs: 60_000, forgetMs: 15 * 60_000 })

  app.post(
    '/api/api-token-auth/',
    { config: { access: 'public' }, schema: { body: loginInput } },
    async (request: Req<{ body: typeof loginInput }>) => {
      const { username, password } = request.body
      const login = username.toLowerCase()
      const throttleKey = `${request.ip}|${login}`
      // A right password is not accepted while either pause runs, so that a guesser cannot tell it is right.
      const retryAfter = throttle.blockedFor(throttleKey) || delay.begin(login)
      if (retryAfter > 0) throw new HttpError(429, { detail: T.tooManyLogins, retry_after: Math.ceil(retryAfter / 1000) })
      const [user] = await app.db
        .select({ user_id: users.user_id, password_hash: users.password_hash, is_active: users.is_active, credential_version: users.credential_version })
        .from(users)
        .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
      const ok = await verifyPassword(password, user?.password_hash ?? DUMMY_HASH)
      if (!user || !ok || !user.is_active) {
        throttle.fail(throttleKey)
        delay.fail(login)
        throw new HttpError(400, { non_field_errors: [T.loginFailed] })
      }
      throttle.succeed(throttleKey)
      delay.succeed(login)
      if (hashIsOutdated(user.password_hash)) {
        // Only now is the password known: the hash is made again with the current parameters, unless it changed meanwhile.
        await app.db
          .update(users)
          .set({ password_hash: await hashPassword(password) })
          .where(and(eq(users.user_id, user.user_id), eq(users.password_hash, user.password_hash)))
      }
      return { token: app.auth.sign(user.user_id, user.credential_version) }
    },
  )
}
