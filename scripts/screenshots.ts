/**
 * Screenshots of the main screens at the two sizes the console is made for, for the README (docs/screens/).
 * Run after a build: `npx vite build && npx tsx scripts/screenshots.ts`. Uses the e2e harness: a fresh database
 * with the demo data and Debian's Chromium. First a few changes are made through the API (by the administrator and
 * the demo operator), so that the audit trail has something to show, and the demo meters are polled for a while
 * (the emulator and the collecting service `npm start` runs), so that monitoring shows the demo's faulty meters.
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import type { Page } from 'playwright-core'
import { startEmbeddedCollection } from '../src/server/collector/embedded'
import { loadConfig } from '../src/server/config'
import { startE2E, signInThroughForm, type E2E } from '../tests/e2e/harness'

const OUT = path.resolve('docs/screens')
const OPERATOR = { username: 'operator', password: 'demo-password' }

type Screen = { name: string; route: string; prepare?: (page: Page) => Promise<void> }
const SCREENS: Screen[] = [
  { name: 'points', route: '/points' },
  { name: 'object', route: '/represents/1', prepare: (page) => page.getByRole('figure', { name: 'График профиля объекта' }).waitFor({ timeout: 60_000 }) },
  { name: 'point-counters', route: '/points/1/counters' },
  {
    // A+ is the tab's default; chosen all the same, so that the shot does not hang on the order of the parameters.
    name: 'point-profile',
    route: '/points/1/profile?period=week',
    prepare: async (page) => {
      await page.getByLabel('Параметр').selectOption({ label: 'Активная энергия прямого направления (A+)' })
      await page.getByRole('figure', { name: /^Профиль мощности/ }).waitFor({ timeout: 60_000 })
    },
  },
  { name: 'monitoring', route: '/monitoring' },
  { name: 'applications', route: '/documents-requests' },
  { name: 'audit', route: '/audit' },
]
const DEVICES = {
  tablet: { viewport: { width: 800, height: 1280 }, hasTouch: true, isMobile: true },
  monitor: { viewport: { width: 1366, height: 768 }, hasTouch: false, isMobile: false },
} as const

/** Changes a day's work leaves in the audit trail: settings, a mail account, a user and a group, a subscriber's remark. */
async function someChanges(e2e: E2E): Promise<void> {
  const call = (user: { username: string; password: string } | undefined, method: 'POST' | 'PATCH', url: string, payload: object) =>
    api(e2e, method, url, payload, user)
  await call(undefined, 'PATCH', '/api/account/1/', { support_email: 'podderzhka@gorelectroset.example' })
  await call(undefined, 'POST', '/api/account_emails/', {
    name: 'Уведомления абонентам',
    smtp_host: 'smtp.gorelectroset.example',
    smtp_port: 465,
    smtp_user: 'notify@gorelectroset.example',
    smtp_password: 'smtp-secret',
    smtp_encryption: 'SSL',
  })
  const group = await call(undefined, 'POST', '/api/permissions_groups/', { name: 'Наладчики', permissions: [] })
  await call(undefined, 'POST', '/api/users/', {
    username: 'petrova',
    first_name: 'Анна',
    last_name: 'Петрова',
    email: 'petrova@gorelectroset.example',
    password: 'secret-123',
    groups: [group.permissions_group_id],
  })
  await call(OPERATOR, 'PATCH', '/api/customers/1/', { remark: 'Договор перезаключён, новый номер в карточке' })
}

async function api(e2e: E2E, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, user?: { username: string; password: string }) {
  const res = await e2e.app.inject({ method, url, payload, headers: { authorization: `JWT ${await e2e.apiToken(user)}` } })
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`)
  return res.json() as Record<string, unknown>
}

/** The demo meters polled until monitoring lists the faulty ones (the dead meter, the changed password), then a few seconds more. */
async function pollDemoMeters(e2e: E2E): Promise<void> {
  const collection = await startEmbeddedCollection(e2e.database.db, { ...loadConfig({}), emulator: true, collector: true }, e2e.app.box, () => {})
  try {
    const until = Date.now() + 90_000
    while (Date.now() < until && ((await api(e2e, 'GET', '/api/monitoring/')) as unknown as unknown[]).length < 2) await sleep(2000)
    await sleep(5000)
  } finally {
    await collection.stop()
  }
}

const e2e = await startE2E({ demo: true })
try {
  mkdirSync(OUT, { recursive: true })
  await someChanges(e2e)
  await pollDemoMeters(e2e)
  for (const [device, options] of Object.entries(DEVICES)) {
    const context = await e2e.browser.newContext({ ...options, baseURL: e2e.baseUrl, locale: 'ru-RU', timezoneId: 'Europe/Moscow' })
    const page = await context.newPage()
    await signInThroughForm(page)
    for (const { name, route, prepare } of SCREENS) {
      await page.goto(route)
      // Generous: the machine may be busy, and the device's mirror is still downloading in the background.
      await page.locator('main h1').first().waitFor({ timeout: 60_000 })
      await page.waitForLoadState('networkidle')
      await prepare?.(page)
      await page.waitForLoadState('networkidle')
      await page.getByLabel('Загрузка', { exact: true }).waitFor({ state: 'detached' })
      await page.getByText('Загрузка…').waitFor({ state: 'detached', timeout: 60_000 })
      const file = path.join(OUT, `${name}-${device}.png`)
      await page.screenshot({ path: file })
      console.log(file)
    }
    await context.close()
  }
} finally {
  await e2e.close()
}
