// Lighthouse (Debian's Chromium) on /login and /points of the product with demo data: performance,
// accessibility and best practices (targets 90, 95, 95), desktop preset. Prints the metrics behind the
// performance score; LH_DETAILS=1 adds the scripts' boot-up time and the long tasks.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import lighthouse from 'lighthouse'
import desktopConfig from 'lighthouse/core/config/desktop-config.js'
import { chromium } from 'playwright-core'
import { startServerProcess } from './lib/server-process'

const PASSWORD = 'lighthouse-admin-password'
const DEBUG_PORT = 9333

const dataDir = mkdtempSync(path.join(tmpdir(), 'lighthouse-'))
const profile = mkdtempSync(path.join(tmpdir(), 'lighthouse-profile-'))
const server = await startServerProcess(
  { DATA_DIR: dataDir, ADMIN_PASSWORD: PASSWORD, DEMO: '1', COLLECTOR: '0', EMULATOR: '0' },
  19600 + Math.floor(Math.random() * 300),
)
const browser = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', `--remote-debugging-port=${DEBUG_PORT}`],
})
try {
  // Sign in once in the default profile, so that Lighthouse's tab opens /points signed in.
  const page = await browser.newPage()
  await page.goto(`${server.url.replace('127.0.0.1', 'localhost')}/login`)
  await page.getByLabel('Логин').fill('admin')
  await page.getByLabel('Пароль').fill(PASSWORD)
  await page.getByRole('button', { name: 'Войти' }).click()
  await page.getByRole('button', { name: 'Выход' }).waitFor()
  const rows: Record<string, number | string>[] = []
  for (const route of ['/login', '/points']) {
    if (route === '/login') await page.evaluate(() => localStorage.clear())
    else {
      await page.goto(`${server.url.replace('127.0.0.1', 'localhost')}/login`)
      await page.getByLabel('Логин').fill('admin')
      await page.getByLabel('Пароль').fill(PASSWORD)
      await page.getByRole('button', { name: 'Войти' }).click()
      await page.getByRole('button', { name: 'Выход' }).waitFor()
    }
    const result = await lighthouse(
      `${server.url.replace('127.0.0.1', 'localhost')}${route}`,
      { port: DEBUG_PORT, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices'], disableStorageReset: true },
      desktopConfig,
    )
    const categories = result?.lhr.categories ?? {}
    rows.push({
      страница: route,
      производительность: Math.round((categories.performance?.score ?? 0) * 100),
      доступность: Math.round((categories.accessibility?.score ?? 0) * 100),
      'лучшие практики': Math.round((categories['best-practices']?.score ?? 0) * 100),
    })
    const audits = result?.lhr.audits ?? {}
    const metric = (id: string) => audits[id]?.displayValue ?? '—'
    console.log(
      `${route}: FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, ` +
        `CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index')}`,
    )
    if (process.env.LH_DETAILS) {
      // Where the main thread's time went: what a performance below target is made of.
      for (const id of ['bootup-time', 'long-tasks', 'mainthread-work-breakdown']) {
        const items = ((audits[id]?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? []).slice(0, 8)
        console.log(
          id,
          JSON.stringify(
            items.map((i) => ({
              url: String(i.url ?? i.groupLabel ?? '').slice(-60),
              total: i.total ?? i.duration,
              scripting: i.scripting,
              start: i.startTime,
            })),
          ),
        )
      }
    }
    const failing = Object.values(audits).filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === 'binary')
    if (failing.length) console.log(`${route}: ${failing.map((a) => a.id).join(', ')}`)
  }
  console.log('\nLighthouse (desktop)')
  console.table(rows)
} finally {
  await browser.close()
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(profile, { recursive: true, force: true })
}
