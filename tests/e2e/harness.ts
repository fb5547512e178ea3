import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import type { FastifyInstance } from 'fastify'
import { buildApp, DEFAULT_CONSOLE_ROOT } from '../../src/server/app'
import { loadConfig } from '../../src/server/config'
import { pgliteTemplate } from '../helpers/pglite-template'
import { openDatabase, type Database } from '../../src/server/db/client'
import { runSeeds } from '../../src/server/db/seed'

export const ADMIN = { username: 'admin', password: 'admin-password' }
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
]

export type E2E = {
  baseUrl: string
  app: FastifyInstance
  database: Database
  browser: Browser
  /** A fresh browser profile (its own storage and service worker), at tablet width unless told otherwise. */
  newContext: (options?: { width?: number; height?: number }) => Promise<BrowserContext>
  /** Signs in through the login form and waits for the header. */
  signIn: (page: Page, user?: { username: string; password: string }) => Promise<void>
  /** A token for calling the API directly from a test. */
  apiToken: (user?: { username: string; password: string }) => Promise<string>
  close: () => Promise<void>
}

/**
 * A real server (the built console, a fresh embedded database with the base seed, demo data if asked) on a free
 * loopback port, and Debian's Chromium driven by playwright-core.
 */
export async function startE2E(options: { demo?: boolean } = {}): Promise<E2E> {
  if (!existsSync(path.join(DEFAULT_CONSOLE_ROOT, 'index.html'))) throw new Error('The console is not built: run `npm run build` first')
  const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-'))
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite'), template: await pgliteTemplate() })
  const config = { ...loadConfig({}), dataDir, collector: false, demo: Boolean(options.demo) }
  await runSeeds(database.db, { adminUsername: ADMIN.username, adminPassword: ADMIN.password, demo: Boolean(options.demo), dataDir, historyDays: 35 })
  const app = await buildApp({ config, database, secret: 'e2e-secret-e2e-secret-e2e-secret-0123', loginMaxFailures: 1000 })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  const baseUrl = `http://localhost:${port}`
  const profileDir = mkdtempSync(path.join(tmpdir(), 'chromium-'))
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
  })

  const newContext: E2E['newContext'] = (size = {}) =>
    browser.newContext({
      baseURL: baseUrl,
      viewport: { width: size.width ?? 768, height: size.height ?? 1024 },
      locale: 'ru-RU',
      timezoneId: 'Europe/Moscow',
      acceptDownloads: true,
    })

  const apiToken: E2E['apiToken'] = async (user = ADMIN) => {
    const res = await app.inject({ method: 'POST', url: '/api/api-token-auth/', payload: user })
    return res.json().token as string
  }

  return {
    baseUrl,
    app,
    database,
    browser,
    newContext,
    signIn: signInThroughForm,
    apiToken,
    close: async () => {
      await browser.close()
      await app.close()
      await database.close()
      rmSync(dataDir, { recursive: true, force: true })
      rmSync(profileDir, { recursive: true, force: true })
    },
  }
}

/** Signs in through the login form and waits for the header. */
export async function signInThroughForm(page: Page, user = ADMIN): Promise<void> {
  await page.goto('/login')
  await page.getByLabel('Логин').fill(user.username)
  await page.getByLabel('Пароль').fill(user.password)
  await page.getByRole('button', { name: 'Войти' }).click()
  await page.getByRole('button', { name: 'Выход' }).waitFor()
}

/** Cuts the page and its service worker off the network (setOffline alone leaves the worker's fetches through). */
export async function goOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(true)
  await context.route('**/api/**', (route) => route.abort('internetdisconnected'))
}

export async function goOnline(context: BrowserContext): Promise<void> {
  await context.unroute('**/api/**')
  await context.setOffline(false)
}
