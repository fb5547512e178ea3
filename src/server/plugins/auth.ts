import type { FastifyInstance, FastifyRequest } from 'fastify'
import { createSigner, createVerifier } from 'fast-jwt'
import { eq, inArray } from 'drizzle-orm'
import { PERMISSION_CODES, type Permission } from '../../shared/permissions'
import { T } from '../../shared/texts'
import type { Executor } from '../db/client'
import { groupPermissions, permissions, userGroups, users } from '../db/schema'
import { forbidden, unauthorized } from '../lib/http-errors'
import { answerCache } from '../lib/answer-cache'

export type Principal = {
  user_id: number
  username: string
  first_name: string
  last_name: string
  middle_name: string
  email: string
  account_id: number | null
  is_stuff: boolean
  is_superuser: boolean
  customer_id: number | null
  groups: number[]
  permissions: Set<Permission>
  /** Tokens carry it as `cv`; a password change or deactivation bumps it, ending the earlier tokens. */
  credential_version: number
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: 'public' | 'user'
    permission?: Permission
    /** The route also serves subscribers (users without is_stuff), who see only their own data. */
    subscriber?: true
  }
  interface FastifyRequest {
    principal: Principal | null
    /** The signed-in user; routes that are not public can rely on it. */
    user(): Principal
  }
  interface FastifyInstance {
    /** Every API route with who may call it, as registered: the access matrix test enumerates it. */
    apiRoutes: { method: string; url: string; access?: 'public' | 'user'; permission?: Permission; subscriber?: true }[]
    auth: {
      /** A token of the user at their current credential version. */
      sign: (userId: number, credentialVersion: number) => string
      loadPrincipal: (userId: number) => Promise<Principal | null>
      /** Forget cached principals after users, groups or permissions change. */
      invalidate: () => void
    }
  }
}

/** Principals are cached briefly so that a burst of calls does not read the user's groups every time. */
const PRINCIPAL_TTL_MS = 5000

async function readPrincipal(db: Executor, userId: number): Promise<Principal | null> {
  const [user] = await db.select().from(users).where(eq(users.user_id, userId))
  if (!user || !user.is_active) return null
  const groups = (await db.select().from(userGroups).where(eq(userGroups.user_id, userId))).map((g) => g.permissions_group_id)
  const granted = user.is_superuser
    ? PERMISSION_CODES
    : groups.length === 0
      ? []
      : (
          await db
            .selectDistinct({ codename: permissions.codename })
            .from(groupPermissions)
            .innerJoin(permissions, eq(permissions.permission_id, groupPermissions.permission_id))
            .where(inArray(groupPermissions.permissions_group_id, groups))
        ).map((p) => p.codename as Permission)
  return {
    user_id: user.user_id,
    username: user.username,
    first_name: user.first_name,
    last_name: user.last_name,
    middle_name: user.middle_name,
    email: user.email,
    account_id: user.account_id,
    is_stuff: user.is_stuff,
    is_superuser: user.is_superuser,
    customer_id: user.customer_id,
    groups,
    permissions: new Set(granted),
    credential_version: user.credential_version,
  }
}

/** `Authorization: JWT <token>` as the spec says; `Bearer` is accepted too. */
function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  if (!header) return undefined
  const match = /^(JWT|Bearer)\s+(\S+)$/i.exec(header)
  return match?.[2]
}

export function registerAuth(app: FastifyInstance, options: { secret: string; ttlHours: number }) {
  const sign = createSigner({ key: options.secret, algorithm: 'HS256', expiresIn: options.ttlHours * 3600_000 })
  // Every token the server signs has these; one without an expiry would open the API for ever.
  const verify = createVerifier({ key: options.secret, algorithms: ['HS256'], requiredClaims: ['exp', 'sub', 'cv'], cache: 1000 })
  const cache = answerCache<number, Principal | null>(PRINCIPAL_TTL_MS)
  const loadPrincipal = (userId: number) => cache.get(userId, () => readPrincipal(app.db, userId))

  app.decorate('auth', {
    sign: (userId: number, credentialVersion: number) => sign({ sub: String(userId), cv: credentialVersion }),
    loadPrincipal,
    invalidate: () => cache.clear(),
  })
  app.decorateRequest('principal', null)
  app.decorateRequest('user', function (this: FastifyRequest) {
    if (!this.principal) throw unauthorized()
    return this.principal
  })

  // Every API route must say who may call it: a route without a declaration does not start.
  const apiRoutes: FastifyInstance['apiRoutes'] = []
  app.decorate('apiRoutes', apiRoutes)
  app.addHook('onRoute', (route) => {
    const config = route.config as { access?: 'public' | 'user'; permission?: Permission; subscriber?: true } | undefined
    if (!config?.access && !config?.permission) {
      if (route.url.startsWith('/api/')) throw new Error(`Route ${route.method} ${route.url} declares no access`)
      // The other routes are the console's own files (the sign-in page among them), which anyone may load.
      route.config = { ...config, access: 'public' }
      return
    }
    if (!route.url.startsWith('/api/')) return
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue
      apiRoutes.push({ method, url: route.url, access: config.access, permission: config.permission, subscriber: config.subscriber })
    }
  })

  // Access is decided by the matched route's own declaration, never by the text of the URL (which the router decodes
  // and may be in absolute form): every route that is not public runs only with a principal.
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config
    if (request.is404 || config.access === 'public') return
    const token = tokenOf(request)
    if (!token) throw unauthorized()
    let claims: { sub: string; cv?: unknown }
    try {
      claims = verify(token) as typeof claims
    } catch {
      throw unauthorized(T.tokenInvalid)
    }
    const principal = await loadPrincipal(Number(claims.sub))
    if (!principal || principal.credential_version !== claims.cv) throw unauthorized(T.tokenInvalid)
    request.principal = principal
    const refusal = refusalOf(principal, config)
    if (refusal) throw refusal
  })
}

/** Why the principal may not call a route with this declaration (403), or nothing when it may. */
export function refusalOf(principal: Principal, declared: { access?: 'public' | 'user'; permission?: Permission; subscriber?: true }) {
  if (declared.access !== undefined) return undefined
  if (!principal.is_stuff) return declared.subscriber && principal.customer_id !== null ? undefined : forbidden(T.staffOnly)
  return declared.permission && !principal.permissions.has(declared.permission) ? forbidden() : undefined
}
