import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import ExcelJS from 'exceljs'
import { T } from '../../src/shared/texts'
import { factories } from '../helpers/factories'
import { reportDataSet } from '../server/reports-fixtures'
import type { Page } from 'playwright-core'
import { startE2E, type E2E } from './harness'

/** A date typed as a user would, DD.MM.YYYY, taken by the field when focus leaves it. */
async function typeDate(page: Page, label: string, text: string) {
  const field = page.getByLabel(label, { exact: true })
  await field.fill(text)
  await field.press('Tab')
}
let e: E2E
beforeAll(async () => {
  e = await startE2E()
  await reportDataSet(e.database.db)
  await factories(e.database.db).object('Пустой объект')
})
afterAll(() => e?.close())

describe('report screens', () => {
  it('makes form 010 for two objects and a period and downloads a workbook with the figures of the data', async () => {
    const context = await e.newContext()
    const page = await context.newPage()
    await e.signIn(page)
    await page.goto('/report-010')
    await page.getByRole('heading', { name: T.report010Heading }).waitFor()
    const tree = page.getByRole('tree', { name: T.reportPickObjects })
    const generate = page.getByRole('button', { name: T.reportGenerate })
    expect(await generate.isDisabled()).toBe(true)

    // An object with neither children nor points becomes empty: it can be neither expanded nor checked.
    await tree.getByRole('button', { name: 'Развернуть Пустой объект' }).click()
    await tree.getByText(`(${T.reportNodeEmpty})`).waitFor()
    expect(await tree.getByRole('button', { name: 'Развернуть Пустой объект' }).isDisabled()).toBe(true)
    expect(await tree.getByRole('checkbox', { name: 'Пустой объект' }).isDisabled()).toBe(true)

    // Expanding loads the children and points.
    await tree.getByRole('button', { name: 'Развернуть ПС Северная' }).click()
    await tree.getByText('ТП-1', { exact: true }).waitFor()

    await tree.getByText('ПС Северная', { exact: true }).click()
    await tree.getByText('ТП-2', { exact: true }).click()
    await page.getByText('Выбрано объектов: 2.').waitFor()
    await typeDate(page, T.reportDateBegin, '02.05.2025')
    await typeDate(page, T.reportDateEnd, '01.05.2025')
    await page.getByText(T.reportEndBeforeBegin).waitFor()
    expect(await generate.isDisabled()).toBe(true)
    await typeDate(page, T.reportDateBegin, '01.05.2025')
    await typeDate(page, T.reportDateEnd, '02.05.2025')

    const [download] = await Promise.all([page.waitForEvent('download'), generate.click()])
    expect(download.suggestedFilename()).toBe('report_010_ПС Северная и ещё 1_01.05.2025-02.05.2025.xlsx')
    const path = await download.path()
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.readFile(path)
    const sheet = workbook.worksheets[0]!
    expect(sheet.getCell('A1').value).toBe(T.report010Heading)
    const rows: unknown[][] = []
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)))
    const header = rows.find((r) => r[0] === 'Объект') as string[]
    const at = (name: string) => header.indexOf(name)
    const body = rows.slice(rows.indexOf(header) + 1)
    expect(body.map((r) => r[at('Точка учёта')] ?? null)).toEqual(['Ввод 1', 'Ввод 2', 'Ввод 2', 'Ввод 3', null])
    expect(body[0]![at('Расход Сумма, кВт·ч')]).toBeCloseTo(3700, 6)
    expect(body[1]![at('Расход Сумма, кВт·ч')]).toBeCloseTo(36, 6)
    expect(body[2]![at('Расход Т1 Пик, кВт·ч')]).toBeCloseTo(8, 6)
    expect(body[3]![at('Заводской номер счётчика')]).toBe(T.reportNoMeter)
    expect(body[4]![at('Расход Сумма, кВт·ч')]).toBeCloseTo(3760, 6)
    await context.close()
  })

  it('keeps a date it cannot read as typed, with its message, until a real date is typed', async () => {
    const context = await e.newContext({ width: 1366, height: 768 })
    const page = await context.newPage()
    await e.signIn(page)
    await page.goto('/report-80020')
    const points = page.getByRole('tree', { name: T.reportPickPoints })
    await points.getByRole('button', { name: 'Развернуть ПС Северная' }).click()
    await points.getByRole('button', { name: 'Развернуть ТП-1' }).click()
    await points.locator('label', { hasText: 'Ввод 1' }).click()
    await typeDate(page, T.reportDateBegin, '01.05.2025')
    await typeDate(page, T.reportDateEnd, '31.05.2025')
    const generate = page.getByRole('button', { name: T.reportGenerate })
    expect(await generate.isDisabled()).toBe(false)

    // It was put back to the last date with the message still under it: a real-looking date flagged as wrong.
    const end = page.getByLabel(T.reportDateEnd, { exact: true })
    await end.fill('')
    await end.pressSequentially('32.13.2026')
    await end.press('Tab')
    await page.waitForTimeout(100)
    await expect(end.inputValue()).resolves.toBe('32.13.2026')
    await page.getByText(T.dateFormat).waitFor()
    expect(await generate.isDisabled()).toBe(true)

    await typeDate(page, T.reportDateEnd, '31.05.2025')
    await expect(page.getByText(T.dateFormat).count()).resolves.toBe(0)
    expect(await generate.isDisabled()).toBe(false)
    await context.close()
  })

  it('makes 001.02 for three points and the 80020 XML for one point (a new choice replaces the old)', async () => {
    const context = await e.newContext({ width: 1280, height: 900 })
    const page = await context.newPage()
    await e.signIn(page)
    await page.goto('/report-00102')
    await page.getByRole('heading', { name: T.report00102Heading }).waitFor()
    const tree = page.getByRole('tree', { name: T.reportPickPoints })
    await tree.getByRole('button', { name: 'Развернуть ПС Северная' }).click()
    await tree.getByRole('button', { name: 'Развернуть ТП-1' }).click()
    await tree.getByRole('button', { name: 'Развернуть ТП-2' }).click()
    for (const name of ['Ввод 1', 'Ввод 2', 'Ввод 3']) await tree.locator('label', { hasText: name }).click()
    await page.getByText('Точки учёта: Ввод 1, Ввод 2, Ввод 3').waitFor()
    await typeDate(page, T.reportDateBegin, '01.05.2025')
    await typeDate(page, T.reportDateEnd, '02.05.2025')
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: T.reportGenerate }).click()])
    expect(download.suggestedFilename()).toBe('report_001.02_Ввод 1 (770001) и ещё 2_01.05.2025-02.05.2025.xlsx')

    await page.goto('/report-80020')
    const points = page.getByRole('tree', { name: T.reportPickPoints })
    await points.getByRole('button', { name: 'Развернуть ТП-2' }).click()
    await points.locator('label', { hasText: 'Ввод 2' }).click()
    await points.locator('label', { hasText: 'Ввод 3' }).click()
    await page.getByText('Точки учёта: Ввод 3', { exact: true }).waitFor()
    await typeDate(page, T.reportDateBegin, '01.05.2025')
    await typeDate(page, T.reportDateEnd, '02.05.2025')
    await page.getByLabel('Формат файла').selectOption({ label: 'XML 80020 (по файлу на сутки)' })
    const [xml] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: T.reportGenerate }).click()])
    expect(xml.suggestedFilename()).toBe('80020_7707083893_20250501_20250502.zip')
    await context.close()
  })
})
