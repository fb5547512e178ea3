/**
 * Screenshots of the main screens at the two sizes the console is made for, for the README (docs/screens/).
 * Run after a build: `npx vite build && npx tsx scripts/screenshots.ts`. Uses the e2e harness: a fresh database
 * with the demo data and Debian's Chromium.
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { startE2E, signInThroughForm } from '../tests/e2e/harness'

const OUT = path.resolve('docs/screens')
const SCREENS = [
  ['points', '/points'],
  ['object', '/represents/1'],
  ['point-counters', '/points/1/counters'],
  ['monitoring', '/monitoring'],
  ['applications', '/documents-requests'],
] as const
const DEVICES = {
  tablet: { viewport: { width: 800, height: 1280 }, hasTouch: true, isMobile: true },
  monitor: { viewport: { width: 1366, height: 768 }, hasTouch: false, isMobile: false },
} as const

const e2e = await startE2E({ demo: true })
try {
  mkdirSync(OUT, { recursive: true })
  for (const [device, options] of Object.entries(DEVICES)) {
    const context = await e2e.browser.newContext({ ...options, baseURL: e2e.baseUrl, locale: 'ru-RU', timezoneId: 'Europe/Moscow' })
    const page = await context.newPage()
    await signInThroughForm(page)
    for (const [name, route] of SCREENS) {
      await page.goto(route)
      await page.locator('main h1').first().waitFor()
      await page.waitForLoadState('networkidle')
      await page.getByLabel('Загрузка').waitFor({ state: 'detached' })
      const file = path.join(OUT, `${name}-${device}.png`)
      await page.screenshot({ path: file })
      console.log(file)
    }
    await context.close()
  }
} finally {
  await e2e.close()
}
