import { asc, eq, isNull, sql } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { counters, pointCounters, points, represents } from '../../src/server/db/schema'
import { formatInUnit } from '../../src/shared/format'
import { T } from '../../src/shared/texts'
import { startE2E, type E2E } from './harness'

let e: E2E
beforeAll(async () => {
  e = await startE2E({ demo: true })
}, 180_000)
afterAll(() => e?.close())

/** The keys a store of the console's IndexedDB holds, ascending. */
const storeKeys = (page: Page, store: string) =>
  page.evaluate(
    (name) =>
      new Promise<number[]>((resolve, reject) => {
        const open = indexedDB.open('metering-console')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const keys = open.result.transaction(name).objectStore(name).getAllKeys()
          keys.onsuccess = () => resolve((keys.result as number[]).sort((a, b) => a - b))
          keys.onerror = () => reject(keys.error)
        }
      }),
    store,
  )

/** As the console writes a moment: DD.MM.YYYY HH:mm in the browser's zone (Moscow). */
const moscowDateTime = (at: Date) =>
  new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' })
    .format(at)
    .replace(', ', ' ')

const idsOf = async <T extends { id: number }>(rows: Promise<T[]>) => (await rows).map((row) => row.id)

describe('background mirror', () => {
  it('puts every point, meter, object and latest reading on the device after sign-in with no list opened; the point reads them offline', async () => {
    const db = e.database.db
    const pointIds = await idsOf(db.select({ id: points.point_id }).from(points).orderBy(asc(points.point_id)))
    const counterIds = await idsOf(db.select({ id: counters.counter_id }).from(counters).orderBy(asc(counters.counter_id)))
    const objectIds = await idsOf(db.select({ id: represents.represent_id }).from(represents).orderBy(asc(represents.represent_id)))
    const [equipped] = await db
      .select({ pointId: points.point_id, name: points.name, counterId: counters.counter_id, serial: counters.serial_num, params: pointCounters.conn_params })
      .from(pointCounters)
      .innerJoin(points, eq(points.point_id, pointCounters.point_id))
      .innerJoin(counters, eq(counters.counter_id, pointCounters.counter_id))
      .where(isNull(pointCounters.removed_at))
      .limit(1)
    // The latest A+ total of each meter installed on a point: what the device keeps of the readings.
    const latest = (
      await db.execute(sql`
        select distinct on (r.counter_id) r.counter_id, r.read_at, r.value from register_readings r
        join point_counters pc on pc.counter_id = r.counter_id and pc.removed_at is null
        where r.channel = 1 and r.tariff = 0 order by r.counter_id, r.read_at desc`)
    ).rows as { counter_id: number; read_at: string | Date; value: number }[]
    const readings = latest.find((row) => row.counter_id === equipped!.counterId)
    expect(readings).toBeDefined()
    const [object] = await db.select({ name: represents.name }).from(represents).where(isNull(represents.parent_id)).limit(1)
    expect(pointIds.length * counterIds.length * objectIds.length).toBeGreaterThan(0)

    const context = await e.newContext()
    const page = await context.newPage()
    await e.signIn(page)
    await page.evaluate(async () => navigator.serviceWorker.ready)
    // The header tells when the device's copy was brought up to date, in Russian date and time.
    await expect
      .poll(() => page.getByTestId('mirror-updated').textContent(), { timeout: 60_000 })
      .toMatch(/^Обновлено на устройстве: \d\d\.\d\d\.\d{4} \d\d:\d\d$/)
    expect(await storeKeys(page, 'points')).toEqual(pointIds)
    expect(await storeKeys(page, 'counters')).toEqual(counterIds)
    expect(await storeKeys(page, 'represents')).toEqual(objectIds)
    expect(await storeKeys(page, 'readings')).toEqual(latest.map((row) => row.counter_id))
    await page.getByRole('button', { name: /^Данные на устройстве/ }).click()
    await expect.poll(() => page.getByText(/^Браузер (хранит данные постоянно|может удалить данные|не сообщает)/).count()).toBe(1)

    // The server is gone: its port refuses.
    await e.app.close()
    await page.goto(`/points/${equipped!.pointId}/edit`)
    await page.getByRole('heading', { level: 1, name: equipped!.name }).waitFor()
    await page.getByRole('button', { name: 'Счётчики' }).click()
    await page.getByText(T.offlineCopy).waitFor()
    const installed = page.getByRole('row').filter({ hasText: equipped!.serial })
    await installed.getByText(T.counterInstalled).waitFor()
    // Its connection parameters, but the password, which never leaves the server.
    await page.getByRole('button', { name: `Параметры подключения ${equipped!.serial}` }).click()
    const dialog = page.getByRole('dialog')
    await expect
      .poll(() => dialog.locator('input').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value)))
      .toContain(equipped!.params.host)
    expect(await dialog.getByLabel('Пароль').count()).toBe(0)
    await page.keyboard.press('Escape')
    // Its meter's last readings, with the time they were taken.
    await page.getByRole('button', { name: `Сведения ${equipped!.serial}` }).click()
    const info = page.getByRole('dialog', { name: 'Информация о счётчике' })
    await info.getByText(T.offlineReadings(moscowDateTime(new Date(readings!.read_at)))).waitFor()
    const total = info.getByRole('table', { name: 'Значения параметров' }).getByRole('row').filter({ hasText: 'A+ сумма' })
    expect(await total.textContent()).toContain(formatInUnit(readings!.value, 'кВт·ч'))
    await page.keyboard.press('Escape')
    await page.goto('/counters')
    await page.getByText(T.offlineCopy).waitFor()
    await page.getByRole('button', { name: 'Открыть меню' }).click()
    await page.getByRole('dialog').getByText(object!.name, { exact: true }).first().waitFor()
    await context.close()
  }, 180_000)
})
