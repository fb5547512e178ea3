import { and, eq } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, permissionsGroups, points } from '../../src/server/db/schema'
import { T } from '../../src/shared/texts'
import { factories, USER_PASSWORD } from '../helpers/factories'
import { openTablet, signIn, startFieldServer, type FieldServer, type Tablet } from './field'
import { waitForStoreCount } from './idb'

/** Issue 18, points 3 and 4: several people on one tablet, the server really gone in between. */

let server: FieldServer
let tablet: Tablet
const OPERATOR = { username: 'smirnova', password: USER_PASSWORD }
const VIEWER = { username: 'petrov', password: USER_PASSWORD }
const COLLEAGUE = { username: 'kuznetsova', password: USER_PASSWORD }
const ids: Record<string, number> = {}

beforeAll(async () => {
  server = await startFieldServer()
  const db = server.database().db
  for (const [user, group] of [
    [OPERATOR, 'Операторы'],
    [VIEWER, 'Наблюдатели'],
    [COLLEAGUE, 'Операторы'],
  ] as const) {
    const [found] = await db.select().from(permissionsGroups).where(eq(permissionsGroups.name, group))
    const created = await factories(db).user({ username: user.username, first_name: user.username, last_name: 'Полевой' }, [found!.permissions_group_id])
    ids[user.username] = created.user_id
  }
  tablet = await openTablet(server.baseUrl)
}, 180_000)
afterAll(async () => {
  await tablet?.close()
  await server?.close()
})

async function call<T = Record<string, unknown>>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object): Promise<T> {
  const res = await server.app().inject({ method, url, payload, headers: { authorization: `JWT ${await server.apiToken()}` } })
  if (res.statusCode >= 400) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`)
  return res.json() as T
}

/** Who created points on the server, as its audit log says. */
async function creatorsOf(pointId: number): Promise<(number | null)[]> {
  const rows = await server
    .database()
    .db.select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'point'), eq(auditLog.entity_id, String(pointId)), eq(auditLog.action, 'create')))
  return rows.map((row) => row.user_id)
}

/** Who applied each update of the point, as the server's audit log says. */
async function updatersOf(pointId: number): Promise<(number | null)[]> {
  const rows = await server
    .database()
    .db.select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'point'), eq(auditLog.entity_id, String(pointId)), eq(auditLog.action, 'update')))
  return rows.map((row) => row.user_id)
}

/** The points of that name on the server. */
async function serverPointsNamed(name: string): Promise<number[]> {
  const rows = await server.database().db.select().from(points).where(eq(points.name, name))
  return rows.map((row) => row.point_id)
}

const POLL = { timeout: 30_000 }
const waitingBadge = (page: Page) => page.getByRole('banner').getByText(/^Ожидают отправки: \d+$/)

/** Seen once online: the points are on the device and the service worker holds the shell. */
async function mirrorPoints(page: Page, count: number): Promise<void> {
  await page.goto('/points')
  await waitForStoreCount(page, 'points', (n) => n >= count)
  await page.evaluate(async () => navigator.serviceWorker.ready)
  await page.goto('/')
}

async function editOffline(page: Page, pointId: number, label: string, value: string): Promise<void> {
  await page.goto(`/points/${pointId}/edit`)
  await page.getByLabel(label).fill(value)
  await page.getByRole('button', { name: 'Сохранить' }).click()
  await expect.poll(() => waitingBadge(page).textContent(), POLL).toBe(T.waitingEdits(1))
}

describe('a tablet several people sign in on', () => {
  it("keeps the operator's offline edit theirs: the viewer neither sees nor sends it, the operator's next sign-in sends it once", async () => {
    const point = await call<{ point_id: number; name: string }>('POST', '/api/points/', {
      name: 'ТП-18 ввод 1',
      point_number: '35-001801',
      address: 'г. Вологда, ул. Мира, 18',
    })
    let page = tablet.page()
    await signIn(page, OPERATOR)
    await mirrorPoints(page, 1)

    await server.stop()
    await editOffline(page, point.point_id, 'Примечание', 'Щит в подвале')

    // Signing out with an unsent edit: warned with the count, staying is offered; the operator leaves.
    await page.getByRole('button', { name: 'Выход' }).click()
    const dialog = page.getByRole('alertdialog')
    await dialog.getByText(T.signOutWaiting(1, 0)).waitFor()
    await dialog.getByRole('button', { name: T.signOutStay }).click()
    await waitingBadge(page).waitFor()
    await page.getByRole('button', { name: 'Выход' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: T.signOut }).click()
    await page.getByRole('button', { name: 'Войти' }).waitFor()

    // Hours later the tablet restarts and the server is back; the viewer signs in.
    await tablet.restart()
    await server.start()
    page = tablet.page()
    await signIn(page, VIEWER)
    await page.getByRole('banner').getByText(T.online).waitFor(POLL)
    await page.goto('/outbox')
    // The operator's edit is listed as theirs, without its values, and the viewer may not take it over.
    await page.getByText(/^Изменение пользователя .+: ждёт решения автора$/).waitFor()
    expect(await page.getByText('Щит в подвале').count()).toBe(0)
    expect(await page.getByRole('button', { name: T.outboxTakeOver }).count()).toBe(0)
    expect(await waitingBadge(page).count()).toBe(0)
    // The heartbeat has reached the server and the start's flush is over: nothing of the operator's went out.
    await page.waitForTimeout(1_000)
    expect(await updatersOf(point.point_id)).toEqual([])
    expect(await page.evaluate(() => localStorage.getItem('metering-query-cache') ?? '')).not.toContain(OPERATOR.username)
    // The point as the viewer sees it, online and with the server gone: the server's, without the operator's unsent remark.
    for (const online of [true, false]) {
      if (!online) await server.stop()
      await page.goto(`/points/${point.point_id}/edit`)
      await expect.poll(() => page.getByLabel('Наименование').inputValue(), POLL).toBe('ТП-18 ввод 1')
      expect(await page.getByLabel('Примечание').inputValue(), online ? 'online' : 'offline').toBe('')
    }
    await server.start()
    await page.getByRole('banner').getByText(T.online).waitFor(POLL)

    await page.getByRole('button', { name: 'Выход' }).click()
    await page.getByRole('button', { name: 'Войти' }).waitFor()
    await signIn(page, OPERATOR)
    await expect.poll(() => updatersOf(point.point_id), POLL).toEqual([ids[OPERATOR.username]])
    await waitingBadge(page).waitFor({ state: 'detached' })
    expect(await call('GET', `/api/points/${point.point_id}/`)).toMatchObject({ remark: 'Щит в подвале', version: 2 })
    await page.getByRole('button', { name: 'Выход' }).click()
    await page.getByRole('button', { name: 'Войти' }).waitFor()
  })

  // Probe: the operator created a point offline, signed out with the server gone and never came back (or was deleted);
  // the next user saw «Все изменения отправлены на сервер» while the device held the create, which nobody could act on.
  it("shows a colleague another user's new points, without their values, to discard or take over", async () => {
    await call('POST', '/api/points/', { name: 'ТП-20 ввод 1', point_number: '35-002000', address: 'г. Вологда, ул. Мира, 20' })
    const page = tablet.page()
    await signIn(page, OPERATOR)
    await mirrorPoints(page, 1)
    await server.stop()
    await page.goto('/points')
    for (const [name, number] of [
      ['ТП-20 отменить', '35-002001'],
      ['ТП-21 забрать', '35-002101'],
    ] as const) {
      await page.getByRole('button', { name: 'Добавить' }).click()
      const dialog = page.getByRole('dialog')
      await dialog.getByLabel('Наименование').fill(name)
      await dialog.getByLabel('Идентификатор точки учёта').fill(number)
      await dialog.getByLabel('Адрес').fill('г. Вологда, ул. Мира, 20')
      await dialog.getByRole('button', { name: T.save }).click()
      await dialog.waitFor({ state: 'detached' })
    }
    await expect.poll(() => waitingBadge(page).textContent(), POLL).toBe(T.waitingEdits(2))

    await page.getByRole('button', { name: 'Выход' }).click()
    const question = page.getByRole('alertdialog')
    await question.getByText(T.signOutWaiting(2, 0)).waitFor()
    await question.getByRole('button', { name: T.signOut }).click()
    await page.getByRole('button', { name: 'Войти' }).waitFor()

    // The operator never comes back; a colleague with the right to change points signs in, online.
    await server.start()
    await signIn(page, COLLEAGUE)
    const banner = page.getByRole('banner')
    await banner.getByText(T.online).waitFor(POLL)
    await banner.getByText(T.othersWaiting(2)).waitFor(POLL)
    expect(await waitingBadge(page).count()).toBe(0)
    await page.goto('/outbox')
    const cards = page.getByRole('region', { name: T.outboxForeignNewPoint })
    await expect.poll(() => cards.count(), POLL).toBe(2)
    expect(await page.getByText(/^Новая точка учёта пользователя .+: ждёт решения автора$/).count()).toBe(2)
    expect(await page.getByText(T.outboxEmpty).count()).toBe(0)
    expect(await page.locator('main').innerText()).not.toMatch(/ТП-2[01]|35-002/)

    // Discarded: the question lists what is thrown away; the server never gets the point.
    await cards.first().getByRole('button', { name: T.outboxDiscardForeign }).click()
    let confirmation = page.getByRole('alertdialog')
    await confirmation.getByText('Наименование: ТП-20 отменить').waitFor()
    await confirmation.getByRole('button', { name: T.outboxDiscardForeign }).click()
    await expect.poll(() => cards.count(), POLL).toBe(1)
    await banner.getByText(T.othersWaiting(1)).waitFor(POLL)

    // Taken over: created on the server once, under the colleague's name.
    await cards.first().getByRole('button', { name: T.outboxTakeOver }).click()
    confirmation = page.getByRole('alertdialog')
    await confirmation.getByText('Наименование: ТП-21 забрать').waitFor()
    await confirmation.getByRole('button', { name: T.outboxTakeOver }).click()
    await page.getByText(T.outboxEmpty).waitFor(POLL)
    await banner.getByText(/^Изменения других пользователей/).waitFor({ state: 'detached' })
    const taken = await serverPointsNamed('ТП-21 забрать')
    expect(taken).toHaveLength(1)
    expect(await creatorsOf(taken[0]!)).toEqual([ids[COLLEAGUE.username]])
    expect(await serverPointsNamed('ТП-20 отменить')).toEqual([])
    await page.getByRole('button', { name: 'Выход' }).click()
    await page.getByRole('button', { name: 'Войти' }).waitFor()
  })

  it('shows a conflict on different fields whole and merges it in one click', async () => {
    const point = await call<{ point_id: number; name: string; point_number: string }>('POST', '/api/points/', {
      name: 'ТП-19 ввод 1',
      point_number: '35-001901',
      address: 'г. Вологда, ул. Мира, 19',
    })
    const page = tablet.page()
    await signIn(page, OPERATOR)
    await mirrorPoints(page, 2)
    // The administrator moves the point's address meanwhile; the tablet still holds the earlier version.
    await call('PUT', `/api/points/${point.point_id}/`, { name: point.name, point_number: point.point_number, address: 'г. Вологда, пр. Победы, 5' })

    await server.stop()
    await editOffline(page, point.point_id, 'Наименование', 'ТП-19 ввод 2')
    await page.goto('/outbox')
    await server.start()

    const card = page.getByRole('region', { name: new RegExp(point.name) })
    await card.getByText(T.outboxConflict).waitFor(POLL)
    const name = card.getByRole('row', { name: 'Наименование' })
    const address = card.getByRole('row', { name: 'Адрес' })
    await name.getByRole('cell', { name: 'ТП-19 ввод 2' }).waitFor()
    await name.getByRole('cell', { name: T.outboxChangedHere }).waitFor()
    await address.getByRole('cell', { name: 'г. Вологда, пр. Победы, 5' }).waitFor()
    await address.getByRole('cell', { name: T.outboxChangedThere }).waitFor()
    await card.getByRole('button', { name: T.outboxMerge }).click()
    await page.getByText(T.outboxEmpty).waitFor(POLL)

    expect(await call('GET', `/api/points/${point.point_id}/`)).toMatchObject({ name: 'ТП-19 ввод 2', address: 'г. Вологда, пр. Победы, 5', version: 3 })
    expect(await updatersOf(point.point_id)).toEqual([expect.any(Number), ids[OPERATOR.username]])
  })
})
