import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import type { Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { UPDATE_CHECK_MS } from '../../src/shared/constants'
import { T } from '../../src/shared/texts'
import { openTablet, signIn, startFieldServer, type FieldServer, type Tablet } from './field'
import { storeCount, waitForStoreCount } from './idb'

/**
 * The next release: the same sources built again with another build id (the one `npm run build` made is the
 * installed one), into a folder of its own. Built once for the file.
 */
const nextBuild = mkdtempSync(path.join(tmpdir(), 'e2e-next-build-'))
async function buildNextRelease(): Promise<void> {
  await promisify(execFile)('npx', ['vite', 'build', '--outDir', nextBuild, '--emptyOutDir', '--logLevel', 'warn'], {
    env: { ...process.env, VITE_BUILD_ID: 'e2e-next-release' },
  })
}

let server: FieldServer
beforeAll(async () => {
  ;[server] = await Promise.all([startFieldServer(), buildNextRelease()])
}, 300_000)
afterAll(async () => {
  await server?.close()
  rmSync(nextBuild, { recursive: true, force: true })
})

/** Tablets of the running test, closed even when it fails; the server runs the installed build again for the next test. */
const tablets: Tablet[] = []
afterEach(async () => {
  for (const tablet of tablets.splice(0)) await tablet.close()
  if (server.running()) await server.stop()
  await server.start()
})

/** The server's work is slow to start on a busy machine; each test restarts it at least once. */
const FIELD_TEST_MS = 240_000

const POLL = { timeout: 30_000 }
const MINUTE = 60_000

const waitingBadge = (page: Page) => page.getByRole('banner').getByText(/^Ожидают отправки: \d+$/)

async function createPoint(name: string, pointNumber: string): Promise<{ point_id: number; name: string }> {
  const token = await server.apiToken()
  const res = await server.app().inject({
    method: 'POST',
    url: '/api/points/',
    headers: { authorization: `JWT ${token}` },
    payload: { name, point_number: pointNumber, address: 'г. Вологда, ул. Мира, 8' },
  })
  expect(res.statusCode, res.body).toBe(201)
  return res.json()
}

async function pointOf(pointId: number): Promise<{ remark: string; version: number }> {
  const token = await server.apiToken()
  const res = await server.app().inject({ method: 'GET', url: `/api/points/${pointId}/`, headers: { authorization: `JWT ${token}` } })
  return res.json()
}

const remarkOf = async (pointId: number) => (await pointOf(pointId)).remark

/** Signs in online and looks at the points once: the shell is precached and the list mirrored on the device. */
async function prepareTablet(): Promise<Tablet> {
  const tablet = await openTablet(server.baseUrl)
  tablets.push(tablet)
  const page = tablet.page()
  await signIn(page)
  await page.goto('/points')
  await waitForStoreCount(page, 'points', (n) => n >= 1)
  await page.evaluate(async () => navigator.serviceWorker.ready)
  return tablet
}

/** The server comes back with the next release, and the tablet's clock reaches its periodic update check. */
async function releaseNextBuild(tablet: Tablet): Promise<void> {
  if (server.running()) await server.stop()
  await server.start(nextBuild)
  await tablet.context().clock.fastForward(UPDATE_CHECK_MS + MINUTE)
}

const updatePrompt = (page: Page) => page.getByRole('status').filter({ hasText: T.updateAvailable })

/** Answers the update prompt with «Обновить» and waits for the page to load again. */
async function takeUpdate(page: Page): Promise<void> {
  await updatePrompt(page).waitFor({ timeout: 60_000 })
  // Listening before the click: the reload can end before a wait started after it. The reload comes when the new worker
  // has taken over, which waits for the old one's events in flight; a reload Chromium left hanging is started again
  // after RELOAD_AGAIN_MS.
  await Promise.all([page.waitForEvent('load', { timeout: 60_000 }), updatePrompt(page).getByRole('button', { name: T.updateApply }).click()])
}

/** Marks the page's window, so that a reload (a new window) is told from the same page still open. */
const markWindow = (page: Page) => page.evaluate(() => Object.assign(window, { beforeUpdate: true }))
const sameWindow = (page: Page) => page.evaluate(() => 'beforeUpdate' in window)

async function editRemark(page: Page, pointId: number, remark: string): Promise<void> {
  await page.goto(`/points/${pointId}/edit`)
  await page.getByLabel('Примечание').fill(remark)
  await page.getByRole('button', { name: 'Сохранить' }).click()
  await expect.poll(() => waitingBadge(page).textContent(), POLL).toBe(T.waitingEdits(1))
}

describe('a tablet in the field', () => {
  it(
    'starts with the server gone any number of times, minutes apart, until its token runs out, keeping the queue',
    async () => {
      const point = await createPoint('ТП-801 ввод 1', '35-000801')
      const tablet = await prepareTablet()
      await server.stop()
      await editRemark(tablet.page(), point.point_id, 'Щит в подвале')

      const started = Date.now()
      for (const start of [1, 2, 3]) {
        await tablet.restart()
        // Each start comes more than two minutes after the last by the tablet's clock: the saved user is stale.
        await tablet.context().clock.install({ time: started + start * 3 * MINUTE })
        const page = tablet.page()
        await page.goto('/points')
        await page.getByRole('banner').getByText(T.noConnection).waitFor()
        await page.getByRole('navigation').first().getByRole('link', { name: 'Счётчики' }).waitFor()
        await page.getByText(T.offlineCopy).waitFor()
        await page.getByRole('link', { name: point.name }).first().waitFor()
        await page.goto('/outbox')
        await page.getByRole('region', { name: new RegExp(point.name) }).waitFor()
        await expect.poll(() => waitingBadge(page).textContent(), POLL).toBe(T.waitingEdits(1))
      }

      // Past the token's lifetime (12 h by default) the tablet says to sign in again and keeps the queue for it.
      await tablet.restart()
      await tablet.context().clock.install({ time: started + 13 * 60 * MINUTE })
      await tablet.page().goto('/points')
      await tablet.page().getByRole('alert').getByText(T.signInExpired).waitFor()
      expect(await storeCount(tablet.page(), 'outbox')).toBe(1)

      // Signing in again on the same clock (the new token's lifetime counts from the device's own time) sends it.
      await server.start()
      await signIn(tablet.page())
      await expect.poll(() => remarkOf(point.point_id), POLL).toBe('Щит в подвале')
    },
    FIELD_TEST_MS,
  )

  it(
    'sends the queued edit from the service worker once every console tab is closed, when the browser fires its sync',
    async () => {
      const point = await createPoint('ТП-804 ввод 1', '35-000804')
      const tablet = await prepareTablet()
      await server.stop()
      await editRemark(tablet.page(), point.point_id, 'Отправлено без вкладки')
      await tablet.page().close()

      // The browser fires a Background Sync on its own schedule (minutes after a failed one): DevTools fires it now.
      await server.start()
      const blank = await tablet.context().newPage()
      const devtools = await tablet.context().newCDPSession(blank)
      const registration = new Promise<string>((resolve) =>
        devtools.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
          const ours = registrations.find((r) => r.scopeURL.startsWith(server.baseUrl) && !r.isDeleted)
          if (ours) resolve(ours.registrationId)
        }),
      )
      await devtools.send('ServiceWorker.enable')
      await devtools.send('ServiceWorker.dispatchSyncEvent', { origin: server.baseUrl, registrationId: await registration, tag: 'outbox', lastChance: false })
      await expect.poll(() => remarkOf(point.point_id), POLL).toBe('Отправлено без вкладки')

      // The console opened again has nothing waiting, and its next edit of the point builds on the version sent.
      const page = await tablet.context().newPage()
      await page.goto(`/points/${point.point_id}/edit`)
      await expect.poll(() => page.getByLabel('Примечание').inputValue(), POLL).toBe('Отправлено без вкладки')
      await expect.poll(() => waitingBadge(page).count()).toBe(0)
      await page.getByLabel('Примечание').fill('Следующая правка')
      await page.getByRole('button', { name: 'Сохранить' }).click()
      await expect.poll(() => remarkOf(point.point_id), POLL).toBe('Следующая правка')
    },
    FIELD_TEST_MS,
  )

  it(
    'takes a new release while an edit is on its way, and sends it once after the reload',
    async () => {
      const point = await createPoint('ТП-805 ввод 1', '35-000805')
      const created = await pointOf(point.point_id)
      const tablet = await prepareTablet()
      const context = tablet.context()
      const page = tablet.page()
      await context.clock.install()
      // The server takes the batch, but its answer never comes back to the page.
      let taken!: () => void
      const batchTaken = new Promise<void>((resolve) => (taken = resolve))
      await context.route('**/api/outbox/', async (route) => {
        await route.fetch()
        taken()
      })
      await page.goto(`/points/${point.point_id}/edit`)
      await page.getByLabel('Примечание').fill('В пути при обновлении')
      await page.getByRole('button', { name: 'Сохранить' }).click()
      await batchTaken
      await context.unroute('**/api/outbox/')

      await releaseNextBuild(tablet)
      await takeUpdate(page)
      await page.getByRole('button', { name: 'Выход' }).waitFor()
      await expect.poll(() => storeCount(page, 'outbox'), POLL).toBe(0)
      // Sent again under the same key after the reload, the edit was applied once.
      expect(await pointOf(point.point_id)).toMatchObject({ remark: 'В пути при обновлении', version: created.version + 1 })
      await page.goto('/outbox')
      await page.getByText(T.outboxEmpty).waitFor()
    },
    FIELD_TEST_MS,
  )

  it(
    'takes a new release when told on the page it was first opened on, the service worker installed after it',
    async () => {
      const tablet = await openTablet(server.baseUrl)
      tablets.push(tablet)
      const page = tablet.page()
      await tablet.context().clock.install()
      // The first visit: the page starts without a service worker, which takes it over once installed.
      await signIn(page)
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
      await releaseNextBuild(tablet)
      await markWindow(page)
      await takeUpdate(page)
      expect(await sameWindow(page)).toBe(false)
      await page.getByRole('button', { name: 'Выход' }).waitFor()
    },
    FIELD_TEST_MS,
  )

  it(
    'reloads only the tab whose user took the new release: another tab keeps what was typed there until told',
    async () => {
      const point = await createPoint('ТП-803 ввод 1', '35-000803')
      const tablet = await prepareTablet()
      await tablet.context().clock.install()
      const first = tablet.page()
      const second = await tablet.context().newPage()
      await second.goto(`/points/${point.point_id}/edit`)
      await second.getByLabel('Примечание').fill('Ещё не сохранено')
      await markWindow(second)

      await releaseNextBuild(tablet)
      await updatePrompt(second).waitFor({ timeout: 60_000 })
      await takeUpdate(first)
      await first.getByRole('button', { name: 'Выход' }).waitFor()

      expect(await sameWindow(second)).toBe(true)
      expect(await second.getByLabel('Примечание').inputValue()).toBe('Ещё не сохранено')
      // Its own «Обновить» reloads it: the new worker is already in charge.
      await takeUpdate(second)
      expect(await sameWindow(second)).toBe(false)
    },
    FIELD_TEST_MS,
  )

  it(
    'gets a new release on a page never reloaded and keeps the queued edit and the signed-in user across it',
    async () => {
      const point = await createPoint('ТП-802 ввод 1', '35-000802')
      const tablet = await prepareTablet()
      const context = tablet.context()
      const page = tablet.page()
      // The tablet's own clock: the periodic update check comes without waiting half an hour.
      await context.clock.install()
      await server.stop()
      await editRemark(page, point.point_id, 'Новый замок')

      // The server comes back with the next release while the API still fails: nothing can be sent before the update.
      await context.route('**/api/**', (route) => route.abort('connectionrefused'))
      await releaseNextBuild(tablet)
      await takeUpdate(page)
      await updatePrompt(page).waitFor({ state: 'detached' })
      await page.getByRole('navigation').first().getByRole('link', { name: 'Счётчики' }).waitFor()
      await expect.poll(() => waitingBadge(page).textContent(), POLL).toBe(T.waitingEdits(1))

      await context.unroute('**/api/**')
      await expect.poll(() => remarkOf(point.point_id), POLL).toBe('Новый замок')
    },
    FIELD_TEST_MS,
  )
})
