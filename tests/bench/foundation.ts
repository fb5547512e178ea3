// Foundation figures: a bare Fastify route beside GET /api/users/me/ and sign-in on the embedded database,
// and the gzip size of the JavaScript a browser loads for /login.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import Fastify from 'fastify'
import { chromium } from 'playwright-core'
import { buildApp, DEFAULT_CONSOLE_ROOT } from '../../src/server/app'
import { loadConfig } from '../../src/server/config'
import type { Database } from '../../src/server/db/client'
import { BENCH_SECRET, createBenchDatabase } from './lib/bench-server'
import { load, printTable } from './lib/load'

async function apiFigures() {
  const bare = Fastify()
  bare.get('/bare', async () => ({ ok: true }))
  await bare.listen({ port: 0, host: '127.0.0.1' })
  const bareAddress = bare.server.address()
  const bareUrl = `http://127.0.0.1:${typeof bareAddress === 'object' && bareAddress ? bareAddress.port : 0}/bare`

  const bench = await createBenchDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL })
  const product = await bench.serve()
  const rows = [
    await load('голый маршрут Fastify', { url: bareUrl }),
    await load('GET /api/users/me/', { url: `${product.url}/api/users/me/`, headers: product.headers }),
    await load('POST /api/api-token-auth/ (scrypt)', {
      url: `${product.url}/api/api-token-auth/`,
      method: 'POST',
      connections: 10,
      seconds: 5,
      headers: { 'content-type': 'application/json' },
      // Ten people signing in at once: one login's password is checked one request at a time.
      bodies: await signInUsers(product, 10),
    }),
  ]
  printTable(`Вход и текущий пользователь, 50 соединений, база: ${bench.engine}`, rows)
  await product.stop()
  bench.remove()
  await bare.close()
}

/** Staff users made through the API, and the sign-in body of each. */
async function signInUsers(product: { url: string; headers: Record<string, string> }, count: number): Promise<string[]> {
  const password = 'bench-password'
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const user = { username: `bench${i}`, first_name: 'Инженер', last_name: `Стендовый ${i}`, password }
      const res = await fetch(`${product.url}/api/users/`, {
        method: 'POST',
        headers: { ...product.headers, 'content-type': 'application/json' },
        body: JSON.stringify(user),
      })
      if (res.status !== 201) throw new Error(`user ${user.username}: ${res.status} ${await res.text()}`)
      return JSON.stringify({ username: user.username, password })
    }),
  )
}

/** The built console to measure: dist/, or another build folder. */
const CONSOLE_ROOT = process.env.CONSOLE_ROOT ?? DEFAULT_CONSOLE_ROOT

async function loginJsSize() {
  if (!existsSync(path.join(CONSOLE_ROOT, 'index.html'))) {
    console.log('\nКонсоль не собрана (npm run build): размер JS для /login не измерен')
    return
  }
  const bench = await createBenchDatabase()
  await bench.use((database) => measureLoginJs(database, bench.dataDir))
  bench.remove()
}

async function measureLoginJs(database: Database, dataDir: string) {
  const app = await buildApp({ config: { ...loadConfig({}), dataDir, collector: false }, database, secret: BENCH_SECRET, consoleRoot: CONSOLE_ROOT })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  const base = `http://localhost:${typeof address === 'object' && address ? address.port : 0}`
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  })
  // The service worker would precache every chunk: count only what the page itself loads.
  const page = await (await browser.newContext({ serviceWorkers: 'block' })).newPage()
  const scripts = new Set<string>()
  page.on('response', (response) => {
    const url = new URL(response.url())
    if (url.pathname.endsWith('.js') && url.pathname !== '/sw.js' && !url.pathname.startsWith('/workbox')) scripts.add(url.pathname)
  })
  await page.goto(`${base}/login`)
  await page.getByRole('button', { name: 'Войти' }).waitFor()
  await page.waitForLoadState('networkidle')
  let raw = 0
  let gzip = 0
  const files: Record<string, number> = {}
  for (const script of scripts) {
    const body = readFileSync(path.join(CONSOLE_ROOT, script))
    raw += body.length
    files[path.basename(script)] = gzipSync(body, { level: 9 }).length
    gzip += files[path.basename(script)]!
  }
  if (process.env.BENCH_VERBOSE) console.table(files)
  console.log(`\nJS для /login: ${scripts.size} файлов, ${Math.round(raw / 1024)} КБ, gzip ${Math.round(gzip / 1024)} КБ (цель: не более 200 КБ gzip)`)
  await browser.close()
  await app.close()
}

await apiFigures()
await loginJsSize()
