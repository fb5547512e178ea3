import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium, type BrowserContext, type Page } from 'playwright-core'
import type { FastifyInstance } from 'fastify'
import { buildApp, DEFAULT_CONSOLE_ROOT } from '../../src/server/app'
import { loadConfig } from '../../src/server/config'
import { pgliteTemplate } from '../helpers/pglite-template'
import { openDatabase, type Database } from '../../src/server/db/client'
import { runSeeds } from '../../src/server/db/seed'
import { ADMIN, CHROMIUM, CHROMIUM_ARGS } from './harness'

export { signInThroughForm as signIn } from './harness'

/**
 * Field conditions (issue 18): a server that really goes away (its port refuses) and comes back on the same data
 * and port, possibly serving another build of the console; a tablet whose browser profile outlives restarts.
 */

const SECRET = 'e2e-secret-e2e-secret-e2e-secret-0123'

export type FieldServer = {
  /** `http://localhost:<port>`, the same across restarts (the origin of the tablet's storage and service worker). */
  baseUrl: string
  running: () => boolean
  /** The running app and database (throws while stopped). */
  app: () => FastifyInstance
  database: () => Database
  /** Closes the app and the database: the port refuses connections until `start`. */
  stop: () => Promise<void>
  /** Starts again on the same data and port, serving `consoleRoot` (the built console by default). */
  start: (consoleRoot?: string) => Promise<void>
  /** A token for calling the API directly (the server must be running). */
  apiToken: (user?: { username: string; password: string }) => Promise<string>
  /** Stops the server if it runs and deletes its data. */
  close: () => Promise<void>
}

function assertBuilt(consoleRoot: string): void {
  if (!existsSync(path.join(consoleRoot, 'index.html'))) throw new Error(`No console built in ${consoleRoot}: run \`npx vite build\` first`)
}

/** A real server on a data folder of its own, with the base seed (and demo data if asked), on a free loopback port. */
export async function startFieldServer(options: { consoleRoot?: string; demo?: boolean } = {}): Promise<FieldServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-field-'))
  const config = { ...loadConfig({}), dataDir, collector: false, demo: Boolean(options.demo) }
  let running: { app: FastifyInstance; database: Database } | null = null
  let port = 0

  const serve = async (consoleRoot: string, database: Database) => {
    const app = await buildApp({ config, database, secret: SECRET, loginMaxFailures: 1000, consoleRoot })
    await app.listen({ port, host: '127.0.0.1' })
    const address = app.server.address()
    port = typeof address === 'object' && address ? address.port : port
    running = { app, database }
  }
  const start = async (consoleRoot = options.consoleRoot ?? DEFAULT_CONSOLE_ROOT) => {
    if (running) throw new Error('The server is already running')
    assertBuilt(consoleRoot)
    await serve(consoleRoot, await openDatabase({ dataDir: path.join(dataDir, 'pglite') }))
  }

  const current = () => {
    if (!running) throw new Error('The server is stopped')
    return running
  }

  const stop = async () => {
    if (!running) return
    const { app, database } = running
    running = null
    // Keep-alive connections of the browser would hold the port open: close them with the server.
    app.server.closeAllConnections()
    await app.close()
    await database.close()
  }

  const consoleRoot = options.consoleRoot ?? DEFAULT_CONSOLE_ROOT
  assertBuilt(consoleRoot)
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite'), template: await pgliteTemplate() })
  await runSeeds(database.db, { adminUsername: ADMIN.username, adminPassword: ADMIN.password, demo: Boolean(options.demo), dataDir })
  await serve(consoleRoot, database)

  return {
    get baseUrl() {
      return `http://localhost:${port}`
    },
    running: () => running !== null,
    app: () => current().app,
    database: () => current().database,
    stop,
    start,
    apiToken: async (user = ADMIN) => {
      const res = await current().app.inject({ method: 'POST', url: '/api/api-token-auth/', payload: user })
      return res.json().token as string
    },
    close: async () => {
      await stop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export type Tablet = {
  /** The browser of the current launch and its first page. */
  context: () => BrowserContext
  page: () => Page
  /** Closes the browser and launches it again on the same profile (storage, service worker, caches). */
  restart: () => Promise<void>
  /** Closes the browser and deletes the profile. */
  close: () => Promise<void>
}

/** A tablet: Chromium on a persistent profile of its own, in Moscow time and Russian, held landscape unless told. */
export async function openTablet(baseUrl: string, size: { width: number; height: number } = { width: 1280, height: 800 }): Promise<Tablet> {
  const profileDir = mkdtempSync(path.join(tmpdir(), 'e2e-tablet-'))
  const launch = async () => {
    const context = await chromium.launchPersistentContext(profileDir, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
      baseURL: baseUrl,
      viewport: size,
      locale: 'ru-RU',
      timezoneId: 'Europe/Moscow',
    })
    const page = context.pages()[0] ?? (await context.newPage())
    return { context, page }
  }
  let launched: { context: BrowserContext; page: Page } | null = await launch()
  const current = () => {
    if (!launched) throw new Error('The tablet is closed')
    return launched
  }
  const shutDown = async () => {
    const closing = launched
    launched = null
    await closing?.context.close()
  }
  return {
    context: () => current().context,
    page: () => current().page,
    restart: async () => {
      await shutDown()
      launched = await launch()
    },
    close: async () => {
      await shutDown()
      rmSync(profileDir, { recursive: true, force: true })
    },
  }
}
