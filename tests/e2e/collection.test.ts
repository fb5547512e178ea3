import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type RunningEmulator } from '../../src/server/collector/emulator/emulator'
import { startCollectingService, type RunningService } from '../../src/server/collector/service'
import { storeIntervals, type IntervalRow } from '../../src/server/repositories/readings'
import { CHANNEL } from '../../src/shared/metering'
import { T } from '../../src/shared/texts'
import { msk } from '../helpers/factories'
import { collectionReferences, dueTask, installedMeter, mercury230 } from '../server/collection-fixtures'
import type { RegistryReferences } from '../../src/server/db/seed/registry'
import { startE2E, type E2E } from './harness'

let e: E2E
let emulator: RunningEmulator
let service: RunningService
let meter: Awaited<ReturnType<typeof installedMeter>>
let dead: Awaited<ReturnType<typeof installedMeter>>
let groups: Awaited<ReturnType<typeof collectionReferences>>['groups']
let refs: RegistryReferences

beforeAll(async () => {
  e = await startE2E()
  const references = await collectionReferences(e.database.db)
  refs = references.refs
  groups = references.groups
  // Slow enough frames that the PENDING state is on screen for a while before the read is DONE.
  emulator = await startEmulator({ port: 0, latencyMs: [150, 250], meters: [mercury230(1), mercury230(2, { faults: { dead: true } })] })
  meter = await installedMeter(e.database.db, refs, { model: 'Меркурий 230 ART', port: emulator.port, netAddress: 1 })
  dead = await installedMeter(e.database.db, refs, { model: 'Меркурий 230 ART', port: emulator.port, netAddress: 2 })
  service = startCollectingService(e.database.db, { serverId: 1, concurrency: 4, deadlineMs: 30_000, tickMs: 300, box: e.app.box })
})

afterAll(async () => {
  await service?.stop()
  await emulator?.close()
  await e?.close()
})

describe('data collection in the console', () => {
  it('creates a task from the schedule tab with the 30-minute preset, starts it, sees it working and stops it', async () => {
    const context = await e.newContext()
    const page = await context.newPage()
    await e.signIn(page)
    await page.goto(`/points/${meter.pointId}/scheduler`)
    await page.getByRole('button', { name: 'Добавить задание' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Каждые 30 минут' }).click()
    await dialog.getByText('Показания (энергия нарастающим итогом)').click()
    await expect(dialog.getByRole('list', { name: 'Будут собраны параметры' }).getByRole('listitem').count()).resolves.toBeGreaterThan(0)
    await dialog.getByLabel('Сервер сбора данных').selectOption({ label: 'Сервер сбора данных № 1' })
    await dialog.getByRole('button', { name: T.save }).click()
    await page.getByText('каждые 30 мин').first().waitFor()

    const start = page.getByRole('button', { name: /^Запустить задание/ })
    await start.click()
    await page.getByRole('button', { name: /^Остановить задание/ }).waitFor()
    await page.getByText('Работает').waitFor()

    // The list of every task finds it by the meter's serial number, with its point and state.
    await page.goto('/tasks')
    await page.getByRole('searchbox', { name: 'Поиск' }).fill(meter.serial)
    const row = page.getByRole('table', { name: 'Задания опроса' }).getByRole('row').filter({ hasText: meter.serial })
    await row.getByText('Работает').waitFor()
    await expect(row.getByText(`Точка ${meter.serial}`).isVisible()).resolves.toBe(true)
    await row.getByRole('button', { name: /^Остановить задание/ }).click()
    await row.getByRole('button', { name: /^Запустить задание/ }).waitFor()
    await context.close()
  })

  it("presses 'Обновить' on a meter and watches PENDING turn into DONE with values read over the protocol", async () => {
    const context = await e.newContext({ width: 1280, height: 900 })
    const page = await context.newPage()
    await e.signIn(page)
    await page.goto(`/counters?search=${meter.serial}`)
    await page.getByRole('button', { name: `Сведения ${meter.serial}` }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByText(T.paramsNotLoaded).waitFor()
    await dialog.getByRole('button', { name: 'Обновить' }).click()
    await dialog.getByText(T.collecting).waitFor()
    await dialog.getByText(/^Обновлено \d{2}\.\d{2}\.\d{4}/).waitFor({ timeout: 20_000 })
    await dialog.getByRole('cell', { name: 'A+ сумма' }).waitFor()
    await dialog.getByRole('img', { name: 'Векторная диаграмма напряжений и токов по фазам' }).waitFor()
    await context.close()
  })

  it("shows what the read brought on the point's phase and consumption tabs, numbers and dates the Russian way", async () => {
    const context = await e.newContext({ width: 1280, height: 900 })
    const page = await context.newPage()
    await e.signIn(page)
    await page.goto(`/points/${meter.pointId}/phase`)
    await page.getByRole('img', { name: 'Векторная диаграмма напряжений и токов по фазам' }).waitFor()
    const phase = await page.locator('main').innerText()
    // Decimal commas, never a JavaScript float's point and its tail of digits (dates have four after their point).
    expect(phase).toMatch(/\d,\d/)
    expect(phase.match(/.{0,40}\d\.\d{5,}.{0,20}/g)).toBeNull()

    await page.goto(`/points/${meter.pointId}/consumption`)
    const today = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow' }).format(new Date())
    await page.getByRole('cell', { name: today }).first().waitFor()
    const consumption = await page.locator('main').innerText()
    expect(consumption.match(/.{0,40}\d\.\d{5,}.{0,20}/g)).toBeNull()
    await context.close()
  })

  it('lists a failing task in monitoring with its Russian error, and hides it for an hour over a reload', async () => {
    const taskId = await dueTask(e.database.db, dead.counterId, [groups.registers], new Date())
    const context = await e.newContext({ width: 1366, height: 768 })
    const page = await context.newPage()
    await e.signIn(page)
    await page.goto('/monitoring')
    const hideButton = page.getByRole('button', { name: `Скрыть задание ${taskId} на час` })
    // The running service polls the silent meter within a few ticks; monitoring refreshes itself.
    await hideButton.waitFor({ timeout: 30_000 })
    const row = page.getByRole('row').filter({ hasText: dead.serial })
    await expect(row.innerText()).resolves.toMatch(/[А-Яа-я]/)
    await hideButton.click()
    await page.getByText('Скрытые задания').waitFor()
    await page.reload()
    await page.getByRole('button', { name: 'Вернуть' }).waitFor()
    await expect(hideButton.count()).resolves.toBe(0)
    await context.close()
  })

  it("shows a point's half-hour profile for the period asked: the meter's values times the ratio, written the Russian way", async () => {
    // A meter of its own (ratio 2, never polled): 617,25 kWh in every half-hour of a day a week ago.
    const profiled = await installedMeter(e.database.db, refs, { model: 'Меркурий 230 ART', port: emulator.port, netAddress: 3 })
    const iso = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(new Date(Date.now() - 7 * 86_400_000))
    const [year, month, day] = iso.split('-')
    const shown = `${day}.${month}.${year}`
    const rows: IntervalRow[] = []
    for (let at = msk(`${iso}T00:00:00`).getTime(); at < msk(`${iso}T00:00:00`).getTime() + 86_400_000; at += 1_800_000) {
      rows.push({ counter_id: profiled.counterId, channel: CHANNEL.A_PLUS, interval_start: new Date(at), value: 617.25 })
    }
    await storeIntervals(e.database.db, rows)

    const context = await e.newContext({ width: 1280, height: 900 })
    const page = await context.newPage()
    await e.signIn(page)
    await page.goto(`/points/${profiled.pointId}/profile?period=custom&from=${iso}&to=${iso}`)
    await page.getByText(`${shown} — ${shown}`).waitFor()
    // The tab opens on the active energy received (A+), the profile every point has, not the first name (A-).
    await expect.poll(() => page.getByLabel('Параметр').locator('option:checked').textContent()).toBe('Активная энергия прямого направления (A+)')
    const chart = page.getByRole('figure', { name: /^Профиль мощности/ })
    await chart.getByRole('button', { name: `${T.veeStatus[0]}, кВт·ч` }).waitFor()
    // The chart read with the keys, as its tooltip shows it under the pointer: the first and the last half-hour.
    const plot = chart.getByRole('group', { name: /^Профиль мощности/ })
    const tooltip = page.getByRole('tooltip')
    await plot.focus()
    await page.keyboard.press('Home')
    await tooltip.getByText(`${shown} 00:00`).waitFor()
    await tooltip.getByText(/^1\s234,500 кВт·ч$/).waitFor()
    await page.keyboard.press('End')
    await tooltip.getByText(`${shown} 23:30`).waitFor()

    // By the day: 48 half-hours of 1 234,5 make 59 256 (kWh with their 3 decimals).
    await page.getByLabel('Интервал').selectOption({ label: 'Сутки' })
    await plot.focus()
    await page.keyboard.press('Home')
    await tooltip.getByText(shown, { exact: true }).waitFor()
    await tooltip.getByText(/^59\s256,000 кВт·ч$/).waitFor()
    await context.close()
  })
})
