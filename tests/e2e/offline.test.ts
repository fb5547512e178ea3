import { and, eq } from 'drizzle-orm'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../../src/server/db/schema'
import { seedRegistryReferences, type RegistryReferences } from '../../src/server/db/seed/registry'
import { tinyPdf } from '../../src/server/files/sample-files'
import { ANSWER_TIMEOUT_MS } from '../../src/shared/constants'
import { T } from '../../src/shared/texts'
import { factories } from '../helpers/factories'
import { multipart } from '../helpers/multipart'
import { goOffline, goOnline, startE2E, type E2E } from './harness'
import { waitForStoreCount } from './idb'
import { sidewaysScroll } from './sideways'

let e: E2E
let refs: RegistryReferences
let token: string
beforeAll(async () => {
  e = await startE2E()
  refs = await seedRegistryReferences(e.database.db)
  token = await e.apiToken()
}, 180_000)
afterAll(() => e?.close())

/** Browser profiles of the running test, closed even when it fails. */
const contexts: BrowserContext[] = []
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()))
})
async function newContext(size?: { width: number; height: number }): Promise<BrowserContext> {
  const context = await e.newContext(size)
  contexts.push(context)
  return context
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH'
async function call<T = Record<string, unknown>>(method: Method, url: string, payload?: object, as = token): Promise<T> {
  const res = await e.app.inject({ method, url, payload, headers: { authorization: `JWT ${as}` } })
  if (res.statusCode >= 400) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`)
  return res.json() as T
}

/** How many updates of the row the server applied (its audit log has one row per applied write). */
/** A meter's audit names its edits as its operation history does ('edit'); a point's are updates. */
const EDIT_ACTION = { point: 'update', counter: 'edit' } as const

async function updatesOf(entity: 'point' | 'counter', id: number): Promise<number> {
  const rows = await e.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entity_id, String(id)), eq(auditLog.action, EDIT_ACTION[entity])))
  return rows.length
}

/** The flusher and the heartbeat work in the background: give them the heartbeat's period and more. */
const POLL = { timeout: 30_000 }

const waitingBadge = (page: Page) => page.getByRole('banner').getByText(/^Ожидают отправки: \d+$/)

async function editRemarkOffline(page: Page, pointId: number, remark: string, waiting: number): Promise<void> {
  await page.goto(`/points/${pointId}/edit`)
  await page.getByLabel('Примечание').fill(remark)
  await page.getByRole('button', { name: 'Сохранить' }).click()
  await expect.poll(() => waitingBadge(page).textContent(), POLL).toBe(T.waitingEdits(waiting))
}

describe('offline console under faults', () => {
  it('edits three points and a meter offline, survives reloads, and sends each change once; conflicts offer both choices', async () => {
    const points: { point_id: number; name: string }[] = []
    for (const n of [1, 2, 3])
      points.push(await call('POST', '/api/points/', { name: `ТП-70${n} ввод 1`, point_number: `35-00070${n}`, address: `г. Вологда, ул. Мира, ${n}` }))
    const [p1, p2, p3] = points as [(typeof points)[0], (typeof points)[0], (typeof points)[0]]
    const meter = await call<{ counter_id: number; serial_num: string; version: number }>('POST', '/api/counters/create_and_install/', {
      serial_num: '47000701',
      model_id: refs.modelIds['Меркурий 230 ART'],
      coeff: 1,
      coeff_voltage: 1,
      point_id: p1.point_id,
      operation_date: '2024-03-01T09:00:00.000Z',
      conn_params: { host: '10.0.0.7', net_address: '7' },
    })

    const context = await newContext()
    const page = await context.newPage()
    await e.signIn(page)
    // Seen once online: the lists are mirrored on the device and the service worker holds the shell.
    await page.goto('/points')
    await waitForStoreCount(page, 'points', (n) => n >= 3)
    await page.goto('/counters')
    await waitForStoreCount(page, 'counters', (n) => n >= 1)
    await page.evaluate(async () => navigator.serviceWorker.ready)

    await goOffline(context)
    await editRemarkOffline(page, p1.point_id, 'Щит в подвале', 1)
    await editRemarkOffline(page, p2.point_id, 'Ключ у диспетчера', 2)
    await editRemarkOffline(page, p3.point_id, 'Вход со двора', 3)
    await page.goto('/counters')
    await page.getByText(T.offlineCopy).waitFor()
    await page.getByRole('button', { name: `Изменить счётчик ${meter.serial_num}` }).click()
    await page.getByRole('dialog').getByLabel('Коэффициент трансформации тока').fill('40')
    await page.getByRole('dialog').getByRole('button', { name: 'Сохранить' }).click()
    await expect.poll(() => waitingBadge(page).textContent(), POLL).toBe(T.waitingEdits(4))

    // Two cold starts with no network: the last-seen lists come from the device, uncached data says so.
    for (const _ of [1, 2]) {
      await page.reload()
      await page.getByRole('banner').getByText(T.noConnection).waitFor()
      await expect.poll(() => waitingBadge(page).textContent(), POLL).toBe(T.waitingEdits(4))
    }
    await page.goto('/points')
    await page.getByText(T.offlineCopy).waitFor()
    await page.getByRole('link', { name: p2.name }).first().waitFor()
    await page.goto('/users')
    await page.getByText('Нет связи с сервером, а эти данные ещё не сохранены на устройстве').waitFor()

    // Meanwhile another user changes points 2 and 3 on the server.
    // A long remark: both sides of its conflict must still be readable and choosable on the tablet.
    const remark3 = 'Правка диспетчера 3: ключ от щита у дежурного на проходной, вход со стороны двора, звонить заранее по номеру 8 800 000-00-00'
    for (const [p, remark] of [
      [p2, 'Правка диспетчера 2'],
      [p3, remark3],
    ] as const) {
      const current = await call<Record<string, unknown>>('GET', `/api/points/${p.point_id}/`)
      await call('PUT', `/api/points/${p.point_id}/`, { name: current.name, point_number: current.point_number, address: current.address, remark })
    }

    await page.goto('/outbox')
    await goOnline(context)
    await page.getByRole('banner').getByText(T.online).waitFor()
    await expect.poll(() => waitingBadge(page).textContent(), POLL).toBe(T.waitingEdits(2))
    const conflict2 = page.getByRole('region', { name: new RegExp(p2.name) })
    const conflict3 = page.getByRole('region', { name: new RegExp(p3.name) })
    await conflict2.getByText(T.outboxConflict).waitFor()
    await conflict2.getByRole('cell', { name: 'Ключ у диспетчера' }).waitFor()
    await conflict2.getByRole('cell', { name: 'Правка диспетчера 2' }).waitFor()
    await conflict3.getByText(T.outboxConflict).waitFor()
    const desk = page.viewportSize()!
    await page.setViewportSize({ width: 800, height: 1280 })
    expect(await sidewaysScroll(page)).toEqual([])
    await page.setViewportSize(desk)
    await conflict2.getByRole('button', { name: T.outboxKeepMine }).click()
    await conflict3.getByRole('button', { name: T.outboxTakeTheirs }).click()
    await page.getByText(T.outboxEmpty).waitFor()
    await waitingBadge(page).waitFor({ state: 'detached' })

    expect(await call('GET', `/api/points/${p1.point_id}/`)).toMatchObject({ remark: 'Щит в подвале', version: 2 })
    expect(await call('GET', `/api/points/${p2.point_id}/`)).toMatchObject({ remark: 'Ключ у диспетчера', version: 3 })
    expect(await call('GET', `/api/points/${p3.point_id}/`)).toMatchObject({ remark: remark3, version: 2 })
    expect(await call('GET', `/api/counters/${meter.counter_id}/`)).toMatchObject({ coeff: 40, version: meter.version + 1 })
    expect(await updatesOf('point', p1.point_id)).toBe(1)
    expect(await updatesOf('point', p2.point_id)).toBe(2) // the dispatcher's and mine, kept after the conflict
    expect(await updatesOf('point', p3.point_id)).toBe(1) // the dispatcher's only
    expect(await updatesOf('counter', meter.counter_id)).toBe(1)

    // The device's copy follows the server's: the point whose conflict was settled their way shows their remark.
    await page.goto(`/points/${p3.point_id}/edit`)
    await expect.poll(() => page.getByLabel('Примечание').inputValue(), POLL).toBe(remark3)
  })

  // Field probe: behind nginx with the backend hung, the header said «В сети» and the lists «Загрузка…» for good; with
  // the backend killed (502), «В сети» and «сообщите администратору».
  it('takes a hung server, and a proxy answering for a dead one, for no connection: the device copy, the edit kept and sent once', async () => {
    const p = await call<{ point_id: number; name: string }>('POST', '/api/points/', {
      name: 'ТП-801 ввод 1',
      point_number: '35-000801',
      address: 'г. Вологда, ул. Мира, 801',
    })
    const context = await newContext()
    const page = await context.newPage()
    await e.signIn(page)
    await page.goto('/points')
    await waitForStoreCount(page, 'points', (n) => n >= 1)
    await page.evaluate(async () => navigator.serviceWorker.ready)

    // Every call accepted, none answered: once the screen waits on its list, the page's clock runs ahead past
    // ANSWER_TIMEOUT_MS, after which a call is given up.
    const hung: string[] = []
    await context.clock.install()
    await context.route('**/api/**', (route) => void hung.push(new URL(route.request().url()).pathname))
    await page.goto('/points')
    await expect.poll(() => hung, POLL).toContain('/api/points/')
    await context.clock.fastForward(ANSWER_TIMEOUT_MS)
    await page.getByText(T.offlineCopy).waitFor()
    await page.getByRole('banner').getByText(T.noConnection).waitFor()
    await context.unroute('**/api/**')
    await page.getByRole('banner').getByText(T.online).waitFor(POLL)

    await context.route('**/api/**', (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<html><h1>502 Bad Gateway</h1>nginx</html>' }))
    await page.goto('/points')
    await page.getByText(T.offlineCopy).waitFor()
    await page.getByRole('banner').getByText(T.noConnection).waitFor()
    await page.getByRole('link', { name: p.name }).first().waitFor()
    await editRemarkOffline(page, p.point_id, 'Щит за шлагбаумом', 1)
    await page.goto('/outbox')
    const card = page.getByRole('region', { name: new RegExp(p.name) })
    await card.getByText(T.outboxPending).waitFor()

    await context.unroute('**/api/**')
    await page.getByRole('banner').getByText(T.online).waitFor(POLL)
    await page.getByText(T.outboxEmpty).waitFor(POLL)
    expect(await call('GET', `/api/points/${p.point_id}/`)).toMatchObject({ remark: 'Щит за шлагбаумом', version: 2 })
    expect(await updatesOf('point', p.point_id)).toBe(1)
  })

  it('shows a rejected edit with the server message, lets it be corrected and resent', async () => {
    const meter = (serial_num: string) =>
      call<{ counter_id: number; serial_num: string; version: number }>('POST', '/api/counters/', {
        serial_num,
        model_id: refs.modelIds['Меркурий 230 ART'],
        coeff: 1,
        coeff_voltage: 1,
      })
    const edited = await meter('47000901')
    await meter('47000902')
    const context = await newContext()
    const page = await context.newPage()
    await e.signIn(page)
    await page.goto('/counters')
    await page.getByRole('cell', { name: '47000902', exact: true }).waitFor()
    await waitForStoreCount(page, 'counters', (n) => n >= 2)
    await page.evaluate(async () => navigator.serviceWorker.ready)
    await goOffline(context)
    // Offline nothing can tell that the serial number is taken: the server refuses it later.
    await page.getByRole('button', { name: 'Изменить счётчик 47000901' }).click()
    await page.getByRole('dialog').getByLabel('Серийный номер').fill('47000902')
    await page.getByRole('dialog').getByRole('button', { name: 'Сохранить' }).click()
    await expect.poll(() => waitingBadge(page).textContent(), POLL).toBe(T.waitingEdits(1))
    await page
      .getByRole('banner')
      .getByRole('link', { name: T.waitingEdits(1) })
      .click()
    await page.getByRole('heading', { name: T.outboxTitle }).waitFor()
    await goOnline(context)
    // Titled with the meter refused, not with the serial number it was refused.
    const card = page.getByRole('region', { name: 'Счётчик № 47000901' })
    await card.getByText(T.outboxRejected).waitFor()
    await card.getByRole('alert').getByText(T.counterSerialTaken).waitFor()
    await card.getByLabel('Серийный номер').fill('47000903')
    await card.getByRole('button', { name: T.outboxResend }).click()
    await page.getByText(T.outboxEmpty).waitFor()
    expect(await call('GET', `/api/counters/${edited.counter_id}/`)).toMatchObject({ serial_num: '47000903', version: edited.version + 1 })
  })

  it('notifies of a new application filed while the console is open', async () => {
    const type = await call<{ doc_type_id: number }>('POST', '/api/document_type/', { doc_type_name: 'Технологическое присоединение', expired_in_days: 5 })
    await call('POST', '/api/document_required_file_link/', { doc_type_id: type.doc_type_id, required_files: [1] })
    const customer = await call<{ customer_id: number }>('POST', '/api/customers/', {
      customer_number: 'Л-700',
      customer_type: 1,
      last_name: 'Смирнова',
      first_name: 'Ольга',
      middle_name: 'Петровна',
    })
    const subscriber = await factories(e.database.db).user({
      username: 'smirnova',
      first_name: 'Ольга',
      last_name: 'Смирнова',
      is_stuff: false,
      customer_id: customer.customer_id,
    })
    const subscriberToken = e.app.auth.sign(subscriber.user_id, subscriber.credential_version)
    const fileApplication = async () => {
      const body = multipart({ doc_type_id: type.doc_type_id }, [
        { field: 'file_1', name: 'zayavlenie.pdf', content: tinyPdf('заявление'), type: 'application/pdf' },
      ])
      const res = await e.app.inject({
        method: 'POST',
        url: '/api/document_request/',
        payload: body.payload,
        headers: { ...body.headers, authorization: `JWT ${subscriberToken}` },
      })
      expect(res.statusCode, res.body).toBe(201)
    }

    const context = await newContext({ width: 1280, height: 900 })
    await context.grantPermissions(['notifications'], { origin: e.baseUrl })
    const page = await context.newPage()
    await e.signIn(page)
    await page.getByRole('button', { name: T.notificationsOn }).waitFor()
    await page.evaluate(async () => navigator.serviceWorker.ready)
    const badge = (n: number) => page.getByRole('navigation').first().getByLabel(`Неназначенные заявки: ${n}`)
    await fileApplication()
    await badge(1).waitFor({ timeout: 30_000 })
    await fileApplication()
    await badge(2).waitFor({ timeout: 30_000 })
    const notifications = () =>
      page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag })))
    const counts = await call<{ unassigned: number; new_messages: number }>('GET', '/api/document_request/check/')
    expect(counts.unassigned).toBe(2)
    await expect.poll(notifications, { timeout: 15_000 }).toContainEqual({
      title: T.requestsNotificationTitle,
      body: T.requestsNotificationBody(counts.unassigned, counts.new_messages),
      tag: 'document-requests',
    })
  })

  it('is installable, precaches the shell and never keeps API answers in Cache Storage', async () => {
    const manifest = await (await fetch(`${e.baseUrl}/manifest.webmanifest`)).json()
    expect(manifest).toMatchObject({ lang: 'ru', start_url: '/', display: 'standalone', short_name: 'АСКУЭ' })
    expect(manifest.name).toBeTruthy()
    expect(manifest.theme_color).toMatch(/^#/)
    expect(manifest.background_color).toMatch(/^#/)
    const icons = manifest.icons as { src: string; sizes: string; purpose?: string }[]
    for (const size of [192, 512]) expect(icons.some((icon) => icon.sizes === `${size}x${size}`)).toBe(true)
    expect(icons.some((icon) => icon.purpose === 'maskable')).toBe(true)
    for (const icon of icons) {
      const png = Buffer.from(await (await fetch(`${e.baseUrl}${icon.src}`)).arrayBuffer())
      // The PNG header holds the width and height: they must be what the manifest says.
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(icon.sizes)
    }

    const context = await newContext()
    const page = await context.newPage()
    await e.signIn(page)
    await page.evaluate(async () => navigator.serviceWorker.ready)
    for (const path of ['/points', '/counters', '/outbox', '/users']) {
      await page.goto(path)
      await page.getByRole('heading', { level: 1 }).first().waitFor()
    }
    const cached = await page.evaluate(async () => {
      const urls: string[] = []
      for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname)
      return urls
    })
    expect(cached).toContain('/index.html')
    expect(cached.filter((url) => url.startsWith('/api/'))).toEqual([])
  })
})
