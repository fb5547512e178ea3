import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { eq } from 'drizzle-orm'
import type { Permission } from '../../src/shared/permissions'
import { buildApp } from '../../src/server/app'
import { loadConfig, type Config } from '../../src/server/config'
import type { Database } from '../../src/server/db/client'
import type { customers } from '../../src/server/db/schema'
import { users } from '../../src/server/db/schema'
import { seedBase, type BaseSeedResult } from '../../src/server/db/seed/base'
import { seedRegistryReferences, type RegistryReferences } from '../../src/server/db/seed/registry'
import { factories } from './factories'
import { openTestDatabase } from './test-database'

export const ADMIN = { username: 'admin', password: 'admin-password' }

export type TestApp = {
  app: FastifyInstance
  database: Database
  base: BaseSeedResult
  adminToken: string
  /** The factories of tests/helpers/factories.ts on this app's database. */
  make: ReturnType<typeof factories>
  /** Signs in and returns the token. */
  login: (username: string, password: string) => Promise<string>
  /** A staff user holding exactly these permissions (through a group of its own). */
  userWith: (perms: Permission[], extra?: Partial<typeof users.$inferInsert>) => Promise<{ user_id: number; token: string; username: string }>
  /** A subscriber (an individual unless the fields say otherwise) and its own sign-in, a user without is_stuff. */
  subscriber: (fields?: Partial<typeof customers.$inferInsert>) => Promise<{ user_id: number; token: string; username: string; customer_id: number }>
  /** app.inject with the JWT header. */
  call: (token: string | null, options: InjectOptions) => Promise<LightMyRequestResponse>
  close: () => Promise<void>
}

let counter = 0

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

  const make = factories(database.db)
  const userWith: TestApp['userWith'] = async (perms, extra = {}) => {
    const username = extra.username ?? `user${++counter}_${Date.now() % 100000}`
    const group = await make.group(perms, `group of ${username}`)
    const user = await make.user({ username, account_id: base.accountId, ...extra }, [group])
    return { user_id: user.user_id, username, token: app.auth.sign(user.user_id, user.credential_version) }
  }
  const subscriber: TestApp['subscriber'] = async (fields = {}) => {
    const customer_id = await make.customer({ account_id: base.accountId, ...fields })
    return { ...(await userWith([], { is_stuff: false, customer_id })), customer_id }
  }

  // Signed as the sign-in signs it, without its scrypt check: the sign-in's own tests call `login`.
  const [admin] = await database.db.select().from(users).where(eq(users.username, ADMIN.username))
  const adminToken = app.auth.sign(admin!.user_id, admin!.credential_version)
  return {
    app,
    database,
    base,
    adminToken,
    make,
    login,
    userWith,
    subscriber,
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

export type RegistryApp = TestApp & { refs: RegistryReferences }

/** A test app with the registry's reference data: resource types, meter models and their protocols, sources. */
export async function startRegistryApp(options: Parameters<typeof startTestApp>[0] = {}): Promise<RegistryApp> {
  const t = await startTestApp(options)
  return Object.assign(t, { refs: await seedRegistryReferences(t.database.db) })
}
