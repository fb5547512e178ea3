import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type RunningEmulator } from '../../src/server/collector/emulator/emulator'
import { startCollectingService, type RunningService } from '../../src/server/collector/service'
import { T } from '../../src/shared/texts'
import { collectionReferences, dueTask, installedMeter, mercury230 } from '../server/collection-fixtures'
import { startE2E, type E2E } from './harness'

let e: E2E
let emulator: RunningEmulator
let service: RunningService
let meter: Awaited<ReturnType<typeof installedMeter>>
let dead: Awaited<ReturnType<typeof installedMeter>>
let groups: Awaited<ReturnType<typeof collectionReferences>>['groups']

beforeAll(async () => {
  e = await startE2E()
  const references = await collectionReferences(e.database.db)
  const refs = references.refs
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
    await page.getByText('*/30 * * * *').waitFor()

    const start = page.getByRole('button', { name: /^Запустить задание/ })
    await start.click()
    await page.getByRole('button', { name: /^Остановить задание/ }).waitFor()
    await page.getByText('Работает').waitFor()
    await page.getByRole('button', { name: /^Остановить задание/ }).click()
    await page.getByRole('button', { name: /^Запустить задание/ }).waitFor()
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
})
