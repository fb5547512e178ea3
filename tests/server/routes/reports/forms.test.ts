import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import ExcelJS from 'exceljs'
import iconv from 'iconv-lite'
import { unzipSync } from 'fflate'
import { createRequire } from 'node:module'
import { startTestApp, type TestApp } from '../../../helpers/test-app'
import { reportDataSet } from '../../reports-fixtures'
import { T } from '../../../../src/shared/texts'

// jsdom ships no types: only its DOMParser is needed to parse the 80020 XML back.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (html: string) => { window: Window & typeof globalThis } }

let t: TestApp
let data: Awaited<ReturnType<typeof reportDataSet>>

beforeAll(async () => {
  t = await startTestApp()
  data = await reportDataSet(t.database.db)
})
afterAll(() => t.close())

const report = (query: Record<string, string | number>, token = t.adminToken) =>
  t.call(token, { method: 'POST', url: `/api/get_report/?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}` })

type Row = Record<string, unknown>
/** Reads a report back: title, heading lines, header and the data rows keyed by header (the totals row last). */
async function readReport(body: Buffer) {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(body as unknown as ArrayBuffer)
  const sheet = workbook.worksheets[0]!
  const all: unknown[][] = []
  sheet.eachRow({ includeEmpty: true }, (row, n) => (all[n - 1] = (row.values as unknown[]).slice(1)))
  const headerAt = all.findIndex((r) => r?.[0] === 'Объект' || r?.[0] === 'Дата')
  const header = all[headerAt] as string[]
  const rows = all.slice(headerAt + 1).map((r): Row => Object.fromEntries(header.map((key, i) => [key, r?.[i] ?? null])))
  const isMissing = (rowIndex: number, key: string) => {
    const fill = sheet.getRow(headerAt + 2 + rowIndex).getCell(header.indexOf(key) + 1).fill
    return fill?.type === 'pattern' && fill.pattern === 'solid'
  }
  return {
    title: all[0]![0],
    lines: all
      .slice(1, headerAt)
      .map((r) => r?.[0])
      .filter(Boolean) as string[],
    header,
    rows,
    sheet,
    isMissing,
    headerAt,
  }
}

const close = (value: unknown, expected: number) => expect(value as number).toBeCloseTo(expected, 6)

describe('form 001.02', () => {
  it('sums half-hours by the three zones with ratios, marks gaps and points without a meter', async () => {
    const { p1, p2, p3 } = data.points
    const res = await report({ report: 'Form00102Report', points_id: `${p1},${p2},${p3}`, beg_date: '2025-05-01', end_date: '2025-05-02' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="report_001\.02_[^"]+\.xlsx"; filename\*=UTF-8''report_001\.02_/)
    const { title, lines, rows, isMissing, sheet, headerAt } = await readReport(res.rawPayload)
    expect(title).toBe('Отчет о потреблении электрической энергии за период с учетом тарифных зон')
    expect(lines).toContain('Период: с 01.05.2025 по 02.05.2025 включительно')
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: headerAt + 1 })
    expect(rows).toHaveLength(5)

    // Ввод 1: night 32 x 1, half-peak 36 x 2, peak (28 - 1 missing) x 3, all times 10 x 2.
    expect(rows[0]).toMatchObject({
      Объект: 'ТП-1',
      'Точка учёта': 'Ввод 1',
      Идентификатор: '770001',
      'Заводской номер счётчика': '1001',
      'Модель счётчика': 'Меркурий 230 ART-03',
      Ктт: 10,
      Ктн: 2,
    })
    close(rows[0]!['Ночь, кВт·ч'], 640)
    close(rows[0]!['Полупик, кВт·ч'], 1440)
    close(rows[0]!['Пик, кВт·ч'], 1620)
    close(rows[0]!['Всего, кВт·ч'], 3700)
    expect(rows[0]!['Пропущено получасов']).toBe(1)
    expect(isMissing(0, 'Пик, кВт·ч')).toBe(true)
    expect(isMissing(0, 'Ночь, кВт·ч')).toBe(false)

    // Ввод 2, meter 2002 until 02.05 12:00: 30 night, 22 half-peak, 20 peak half-hours of 0.5.
    expect(rows[1]).toMatchObject({ 'Точка учёта': 'Ввод 2', 'Заводской номер счётчика': '2002', 'Пропущено получасов': 0 })
    close(rows[1]!['Ночь, кВт·ч'], 15)
    close(rows[1]!['Полупик, кВт·ч'], 11)
    close(rows[1]!['Пик, кВт·ч'], 10)
    expect(rows[1]!.Примечание).toBe('снят 02.05.2025 12:00')
    // Meter 3003 from 12:00: 2 night, 14 half-peak, 8 peak half-hours of 0.2 x 5.
    expect(rows[2]).toMatchObject({ 'Заводской номер счётчика': '3003', Ктт: 5 })
    close(rows[2]!['Ночь, кВт·ч'], 2)
    close(rows[2]!['Полупик, кВт·ч'], 14)
    close(rows[2]!['Пик, кВт·ч'], 8)
    close(rows[2]!['Всего, кВт·ч'], 24)

    expect(rows[3]).toMatchObject({ 'Точка учёта': 'Ввод 3', 'Заводской номер счётчика': 'Нет счётчика в периоде', 'Всего, кВт·ч': null })
    expect(rows[4]!.Объект).toBe('Итого')
    close(rows[4]!['Всего, кВт·ч'], 3760)
    close(rows[4]!['Ночь, кВт·ч'], 657)
  })

  it('cuts by the two-zone scheme when the report names it', async () => {
    const res = await report({ report: 'Form00102Report', point_id: data.points.p1, beg_date: '2025-05-01', end_date: '2025-05-02', tariff_scheme_id: 2 })
    const { rows } = await readReport(res.rawPayload)
    // Day 7-23: (14 peak x 3 + 18 half-peak x 2) x 2 days - the missing 3, times 20.
    close(rows[0]!['День, кВт·ч'], 3060)
    close(rows[0]!['Ночь, кВт·ч'], 640)
  })

  it('follows the account scheme', async () => {
    const put = await t.call(t.adminToken, { method: 'PUT', url: '/api/tariff_schemes/account/', payload: { tariff_scheme_id: 2 } })
    expect(put.statusCode).toBe(200)
    const list = await t.call(t.adminToken, { method: 'GET', url: '/api/tariff_schemes/' })
    expect(list.json().results.map((s: { is_account_default: boolean }) => s.is_account_default)).toEqual([false, true])
    const res = await report({ report: 'Form00102Report', point_id: data.points.p1, beg_date: '2025-05-01', end_date: '2025-05-01' })
    const { header } = await readReport(res.rawPayload)
    expect(header).toContain('День, кВт·ч')
    await t.call(t.adminToken, { method: 'PUT', url: '/api/tariff_schemes/account/', payload: { tariff_scheme_id: 1 } })
  })
})

describe('form 010', () => {
  it('gives readings at both ends and the consumption by tariff for chosen objects with their descendants', async () => {
    const { north, tp2 } = data.objects
    const res = await report({ report: 'Form010Report', represents_id: `${north},${tp2}`, beg_date: '2025-05-01', end_date: '2025-05-02' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-disposition']).toContain('filename="report_010_')
    const { title, lines, rows } = await readReport(res.rawPayload)
    expect(title).toBe('Показание счетчиков и потребление электрической энергии за период с учетом тарифных зон')
    expect(lines).toContain('Объекты: ПС Северная, ТП-2')
    expect(rows.map((r) => r['Точка учёта'])).toEqual(['Ввод 1', 'Ввод 2', 'Ввод 2', 'Ввод 3', null])
    expect(rows[0]).toMatchObject({ 'Начало Сумма, кВт·ч': 1000, 'Конец Сумма, кВт·ч': 1185, 'Начало Т1 Пик, кВт·ч': 400, 'Конец Т3 Полупик, кВт·ч': 322 })
    close(rows[0]!['Расход Сумма, кВт·ч'], 3700)
    close(rows[0]!['Расход Т1 Пик, кВт·ч'], 1620)
    close(rows[0]!['Расход Т2 Ночь, кВт·ч'], 640)
    close(rows[0]!['Расход Т3 Полупик, кВт·ч'], 1440)
    expect(rows[1]).toMatchObject({ 'Заводской номер счётчика': '2002', 'Начало Сумма, кВт·ч': 500, 'Конец Сумма, кВт·ч': 536 })
    close(rows[1]!['Расход Сумма, кВт·ч'], 36)
    close(rows[1]!['Расход Т2 Ночь, кВт·ч'], 15)
    expect(rows[2]).toMatchObject({
      'Заводской номер счётчика': '3003',
      'Начало Сумма, кВт·ч': 0,
      'Конец Сумма, кВт·ч': 4.8,
      Примечание: 'установлен 02.05.2025 12:00',
    })
    close(rows[2]!['Расход Сумма, кВт·ч'], 24)
    close(rows[2]!['Расход Т1 Пик, кВт·ч'], 8)
    expect(rows[3]!['Заводской номер счётчика']).toBe('Нет счётчика в периоде')
    close(rows[4]!['Расход Сумма, кВт·ч'], 3760)
  })

  it('says when a reading is missing instead of counting it as zero', async () => {
    const res = await report({ report: 'Form010Report', points_id: data.points.p1, beg_date: '2025-05-01', end_date: '2025-05-01' })
    const { rows, isMissing } = await readReport(res.rawPayload)
    expect(rows[0]).toMatchObject({
      'Начало Сумма, кВт·ч': 1000,
      'Конец Сумма, кВт·ч': 'нет показаний',
      'Расход Сумма, кВт·ч': null,
      Примечание: 'нет показаний на конец',
    })
    expect(isMissing(0, 'Расход Сумма, кВт·ч')).toBe(true)
  })
})

describe('form 008', () => {
  it('gives the registers at 00:00 of the date, objects first, then the chosen points', async () => {
    const res = await report({ report: 'Form008Report', represents_id: data.objects.tp2, points_id: data.points.p1, date: '2025-05-01' })
    expect(res.headers['content-disposition']).toContain('filename="report_008_')
    const { lines, rows } = await readReport(res.rawPayload)
    expect(lines).toContain('Дата: 01.05.2025 00:00')
    expect(rows.map((r) => r['Точка учёта'])).toEqual(['Ввод 2', 'Ввод 3', 'Ввод 1', null])
    expect(rows[0]).toMatchObject({
      'Показание Сумма, кВт·ч': 500,
      'Показание Т1 Пик, кВт·ч': 200,
      'Показание Т2 Ночь, кВт·ч': 180,
      'Показание Т3 Полупик, кВт·ч': 120,
    })
    expect(rows[1]).toMatchObject({ 'Заводской номер счётчика': 'Нет счётчика в периоде', 'Показание Сумма, кВт·ч': null })
    expect(rows[2]).toMatchObject({ Объект: 'ТП-1', 'Показание Сумма, кВт·ч': 1000, 'Показание Т3 Полупик, кВт·ч': 250 })
    expect(rows[3]!.Объект).toBe('Итого точек учёта: 3')
  })

  it('marks a meter without a reading on the date', async () => {
    const res = await report({ report: 'Form008Report', points_id: data.points.p1, date: '2025-05-02' })
    const { rows } = await readReport(res.rawPayload)
    expect(rows[0]).toMatchObject({ 'Показание Сумма, кВт·ч': 'нет показаний', Примечание: 'нет показаний' })
  })
})

describe('form 80020', () => {
  it('gives 48 half-hours a day for the four channels with ratios, gaps marked', async () => {
    const res = await report({ report: 'Form80020Report', point_id: data.points.p1, beg_date: '2025-05-01', end_date: '2025-05-02' })
    expect(res.headers['content-disposition']).toContain('filename="report_80020_')
    const { rows, isMissing } = await readReport(res.rawPayload)
    expect(rows).toHaveLength(97)
    expect(rows[0]).toMatchObject({ Дата: '01.05.2025', Интервал: '00:00–00:30', 'A+, кВт·ч': 20, 'A-, кВт·ч': 0, Счётчик: '1001', Примечание: null })
    close(rows[0]!['R+, квар·ч'], 0.2)
    close(rows[0]!['R-, квар·ч'], 2)
    expect(rows[16]).toMatchObject({ Интервал: '08:00–08:30', 'A+, кВт·ч': null, Примечание: 'нет данных: A+' })
    expect(isMissing(16, 'A+, кВт·ч')).toBe(true)
    expect(rows[95]).toMatchObject({ Дата: '02.05.2025', Интервал: '23:30–00:00', 'A+, кВт·ч': 20 })
    close(rows[96]!['A+, кВт·ч'], 3700)
    close(rows[96]!['R-, квар·ч'], 192)
  })

  it('writes the 80020 XML of a day in windows-1251 with the account as sender', async () => {
    const res = await report({ report: 'Form80020XmlReport', point_id: data.points.p1, beg_date: '2025-05-01', end_date: '2025-05-01' })
    expect(res.statusCode).toBe(200)
    // The first message of the account's own area.
    expect(res.headers['content-disposition']).toContain(`filename="80020_7707083893_20250501_1.xml"`)
    const text = iconv.decode(res.rawPayload, 'win1251')
    expect(text.startsWith('<?xml version="1.0" encoding="windows-1251"?>')).toBe(true)
    const doc = new new JSDOM('').window.DOMParser().parseFromString(text, 'text/xml')
    const message = doc.documentElement
    expect([message.tagName, message.getAttribute('class'), message.getAttribute('version')]).toEqual(['message', '80020', '2'])
    expect(doc.querySelector('datetime > timestamp')!.textContent).toMatch(/^\d{14}$/)
    expect(doc.querySelector('datetime > daylightsavingtime')!.textContent).toBe('0')
    expect(doc.querySelector('datetime > day')!.textContent).toBe('20250501')
    expect(doc.querySelector('sender > inn')!.textContent).toBe('7707083893')
    expect(doc.querySelector('sender > name')!.textContent).toBe('АО «Горэлектросеть»')
    expect(doc.querySelector('area > name')!.textContent).toBe('АО «Горэлектросеть»')
    const point = doc.querySelector('area > measuringpoint')!
    expect([point.getAttribute('code'), point.getAttribute('name')]).toEqual(['770001', 'Ввод 1'])
    const channels = [...point.querySelectorAll('measuringchannel')]
    expect(channels.map((c) => c.getAttribute('code'))).toEqual(['01', '02', '03', '04'])
    const periods = (c: Element) => [...c.querySelectorAll('period')]
    expect(channels.every((c) => periods(c).length === 48)).toBe(true)
    const active = periods(channels[0]!)
    expect([active[0]!.getAttribute('start'), active[0]!.getAttribute('end'), active[47]!.getAttribute('end')]).toEqual(['0000', '0030', '0000'])
    const value = (p: Element) => p.querySelector('value')!
    expect([value(active[0]!).textContent, value(active[0]!).getAttribute('status')]).toEqual(['20', '0'])
    expect([value(active[16]!).textContent, value(active[16]!).getAttribute('status')]).toEqual(['0', '1'])
    expect(value(active[20]!).textContent).toBe('40')
    // R+ is 0.2 kvarh a half-hour: whole units with the remainder carried keep the day's 9.6 as 10.
    expect(periods(channels[2]!).reduce((sum, p) => sum + Number(value(p).textContent), 0)).toBe(10)
  })

  it('zips one XML file a day for several days', async () => {
    const res = await report({ report: 'Form80020XmlReport', point_id: data.points.p1, beg_date: '2025-05-01', end_date: '2025-05-02' })
    expect(res.headers['content-type']).toBe('application/zip')
    const files = unzipSync(new Uint8Array(res.rawPayload))
    // Messages 2 and 3: each file is a message of its own.
    expect(Object.keys(files).sort()).toEqual(['80020_7707083893_20250501_2.xml', '80020_7707083893_20250502_3.xml'])
    expect(iconv.decode(Buffer.from(files['80020_7707083893_20250502_3.xml']!), 'win1251')).toContain('<day>20250502</day>')
  })
})

describe('bad requests', () => {
  const cases: [string, Record<string, string | number>, Record<string, string[]>][] = [
    ['unknown report', { report: 'Form999Report' }, { report: ['Неизвестная форма отчёта'] }],
    ['no points', { report: 'Form010Report', beg_date: '2025-05-01', end_date: '2025-05-02' }, { points_id: ['Выберите хотя бы один объект или точку учёта'] }],
    [
      'end before start',
      { report: 'Form80020Report', point_id: 1, beg_date: '2025-05-02', end_date: '2025-05-01' },
      { end_date: ['Дата окончания не может быть раньше даты начала'] },
    ],
    [
      'more than 3 points',
      { report: 'Form00102Report', points_id: '1,2,3,4', beg_date: '2025-05-01', end_date: '2025-05-01' },
      { points_id: ['Можно выбрать не более 3 точек учёта'] },
    ],
    ['no point for 80020', { report: 'Form80020XmlReport', beg_date: '2025-05-01', end_date: '2025-05-01' }, { point_id: ['Выберите точку учёта'] }],
    ['no date for 008', { report: 'Form008Report', points_id: '1' }, { date: ['Заполните это поле!'] }],
    ['a bad date', { report: 'Form008Report', points_id: '1', date: '2025-13-45' }, { date: [T.invalidDate] }],
    ['a day February does not have', { report: 'Form008Report', points_id: '1', date: '2026-02-30' }, { date: [T.invalidDate] }],
    [
      'a day of a common year that only a leap year has',
      { report: 'Form80020Report', point_id: '1', beg_date: '2026-02-29', end_date: '2026-03-01' },
      { beg_date: [T.invalidDate] },
    ],
    ['a bad id list', { report: 'Form010Report', points_id: '1;2', beg_date: '2025-05-01', end_date: '2025-05-01' }, { points_id: ['Недопустимое значение'] }],
    [
      'more ids than a request holds',
      { report: 'Form010Report', points_id: Array.from({ length: 5001 }, (_, i) => i + 1).join(','), beg_date: '2025-05-01', end_date: '2025-05-01' },
      { points_id: ['Не более 5000 элементов'] },
    ],
    [
      'an unknown point',
      { report: 'Form80020Report', point_id: 999999, beg_date: '2025-05-01', end_date: '2025-05-01' },
      { point_id: ['Выбранные точки учёта не найдены'] },
    ],
    [
      'an unknown scheme',
      { report: 'Form010Report', points_id: '1', beg_date: '2025-05-01', end_date: '2025-05-01', tariff_scheme_id: 99 },
      { tariff_scheme_id: ['Тарифная схема не найдена'] },
    ],
    [
      'a too long period',
      { report: 'Form010Report', points_id: '1', beg_date: '2024-01-01', end_date: '2025-05-01' },
      { end_date: ['Период отчёта не более 366 дней'] },
    ],
  ]
  it.each(cases)('%s answers 400 in Russian', async (_name, query, body) => {
    const res = await report(query)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual(body)
  })

  it('answers 400 in Russian to a period in a year the calendar does not reach, for every form', async () => {
    for (const name of ['Form008Report', 'Form00102Report', 'Form80020Report', 'Form80020XmlReport', 'Form010Report']) {
      for (const [beg_date, end_date] of [
        ['0001-01-01', '0001-12-31'],
        ['0000-01-01', '0000-01-31'],
        ['9999-01-01', '9999-12-31'],
      ] as const) {
        const res = await report({ report: name, point_id: data.points.p1, points_id: data.points.p1, beg_date, end_date, date: beg_date })
        expect(res.statusCode, `${name} ${beg_date}`).toBe(400)
        expect(Object.values(res.json()).flat(), `${name} ${beg_date}`).toContain(T.dateRange)
      }
    }
  })

  it('objects without points answer 400', async () => {
    const empty = await t.make.object('Пустой')
    const res = await report({ report: 'Form010Report', represents_id: empty, beg_date: '2025-05-01', end_date: '2025-05-01' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ represents_id: ['В выбранных объектах нет точек учёта'] })
  })

  it('needs reports.export', async () => {
    const user = await t.userWith(['points.view'])
    const res = await report({ report: 'Form80020Report', point_id: data.points.p1, beg_date: '2025-05-01', end_date: '2025-05-01' }, user.token)
    expect(res.statusCode).toBe(403)
    const allowed = await t.userWith(['reports.export'])
    expect(
      (await report({ report: 'Form80020Report', point_id: data.points.p1, beg_date: '2025-05-01', end_date: '2025-05-01' }, allowed.token)).statusCode,
    ).toBe(200)
  })
})
