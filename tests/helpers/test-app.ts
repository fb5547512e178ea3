import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { eq, inArray } from 'drizzle-orm'
import type { Permission } from '../../src/shared/permissions'
import { buildApp } from '../../src/server/app'
import { loadConfig, type Config } from '../../src/server/config'
import type { Database } from '../../src/server/db/client'
import { groupPermissions, permissions, permissionsGroups, userGroups, users } from '../../src/server/db/schema'
import { seedBase, type BaseSeedResult } from '../../src/server/db/seed/base'
import { hashPassword } from '../../src/server/lib/password'
import { openTestDatabase } from './test-database'

export const ADMIN = { username: 'admin', password: 'admin-password' }

export type TestApp = {
  app: FastifyInstance
  database: Database
  base: BaseSeedResult
  adminToken: string
  /** Signs in and returns the token. */
  login: (username: string, password: string) => Promise<string>
  /** A staff user holding exactly these permissions (through a group of its own). */
  userWith: (perms: Permission[], extra?: Partial<typeof users.$inferInsert>) => Promise<{ user_id: number; token: string; username: string }>
  /** app.inject with the JWT header. */
  call: (token: string | null, options: InjectOptions) => Promise<LightMyRequestResponse>
  close: () => Promise<void>
}

let counter = 0

/**
 * Users made by `userWith` get a cheaper hash (the former N=2^14), asked for explicitly: at the product's N=2^17 each
 * costs about a second of CPU here. One who signs in gets the full-cost hash then, as any outdated hash does.
 */
const TEST_PASSWORD_PARAMS = { N: 2 ** 14, r: 8, p: 1 }

/** A real application on a fresh database with migrations and the base seed, for API tests through inject. */
export async function startTestApp(
  options: {
    loginMaxFailures?: number
    consoleRoot?: string | null
    logger?: boolean
    logStream?: NodeJS.WritableStream
    /** Settings over the defaults, as the environment would give them. */
    config?: Partial<Config>
    /** Runs on the built app before it is ready: a test adds its own hooks here. */
    beforeReady?: (app: FastifyInstance) => void
  } = {},
): Promise<TestApp> {
  const database = await openTestDatabase()
  // Uploaded files go to a data folder of this app alone, removed on close.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'test-app-'))
  const config = { ...loadConfig({}), dataDir, collector: false, ...options.config }
  const app = await buildApp({
    config,
    database,
    secret: 'test-secret-test-secret-test-secret-0123',
    loginMaxFailures: options.loginMaxFailures ?? 1000,
    consoleRoot: options.consoleRoot ?? null,
    logger: options.logStream ? { level: 'trace', stream: options.logStream } : (options.logger ?? false),
  })
  options.beforeReady?.(app)
  await app.ready()
  const base = await seedBase(database.db, { adminUsername: ADMIN.username, adminPassword: ADMIN.password })

  const call = (token: string | null, inject: InjectOptions) =>
    app.inject({ ...inject, headers: { ...(token ? { authorization: `JWT ${token}` } : {}), ...inject.headers } })

  const login = async (username: string, password: string) => {
    const res = await app.inject({ method: 'POST', url: '/api/api-token-auth/', payload: { username, password } })
    if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`)
    return res.json().token as string
  }

  const userWith: TestApp['userWith'] = async (perms, extra = {}) => {
    const db = database.db
    const username = `user${++counter}_${Date.now() % 100000}`
    const [group] = await db.insert(permissionsGroups).values({ name: `group of ${username}` }).returning()
    if (perms.length) {
      const ids = await db.select().from(permissions).where(inArray(permissions.codename, perms))
      await db.insert(groupPermissions).values(ids.map((p) => ({ permissions_group_id: group!.permissions_group_id, permission_id: p.permission_id })))
    }
    const [user] = await db
      .insert(users)
      .values({ username, password_hash: await hashPassword('password-123', TEST_PASSWORD_PARAMS), account_id: base.accountId, first_name: 'Тест', last_name: username, ...extra })
      .returning()
    await db.insert(userGroups).values({ user_id: user!.user_id, permissions_group_id: group!.permissions_group_id })
    return { user_id: user!.user_id, username, token: app.auth.sign(user!.user_id, user!.credential_version) }
  }

  const adminToken = await login(ADMIN.username, ADMIN.password)
  return {
    app,
    database,
    base,
    adminToken,
    login,
    userWith,
    call,
    close: async () => {
      await app.close()
      await database.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export async function userIdOf(db: Database['db'], username: string): Promise<number> {
  const [row] = await db.select().from(users).where(eq(users.username, username))
  return row!.user_id
}
