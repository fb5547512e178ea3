import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import ExcelJS from 'exceljs'
import iconv from 'iconv-lite'
import { unzipSync } from 'fflate'
import { createRequire } from 'node:module'
import { sql } from 'drizzle-orm'
import { represents } from '../../../../src/server/db/schema'
import { storeIntervals } from '../../../../src/server/repositories/readings'
import { startTestApp, type TestApp } from '../../../helpers/test-app'
import { reportDataSet } from '../../reports-fixtures'
import { msk } from '../../../helpers/factories'

// jsdom ships no types: only its DOMParser is needed to parse the 80020 XML back.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (html: string) => { window: Window & typeof globalThis } }

/**
 * Reports as the market and the reader receive them. The 80020 rules are checked against real messages:
 * filimonof/maket80020 src/tmp/80020_7703311228_20100714_12373_2100000600.xml (sender INN 7703311228, area INN
 * 1300000206, number 12373) and its 80020_600004_20080225_808 / _815 pair (the same day sent again under a new
 * number); gitGerda/XML80020ReportLibrary Actions/DocumentXml80020.cs (sender and area given apart, the number
 * kept in a database and carried on).
 */
let t: TestApp
let data: Awaited<ReturnType<typeof reportDataSet>>
let oneWay: number
let tower: { top: number; switchgear: number; tp: number }

const HALF_HOUR = 1_800_000
const ACCOUNT_INN = '7707083893'

beforeAll(async () => {
  t = await startTestApp()
  const db = t.database.db
  data = await reportDataSet(db)
  // «Ввод 1» belongs to ТП-1 under «ПС Северная», whose area is another company's.
  await db
    .update(represents)
    .set({ area_inn: '1300000206', area_name: 'АО «Сетевая компания»' })
    .where(sql`${represents.represent_id} = ${data.objects.north}`)
  // 01.05 10:00 of «Ввод 1» was estimated.
  await db.execute(sql`update interval_values set status = 2 where channel = 1 and interval_start = ${msk('2025-05-01T10:00:00').toISOString()}::timestamptz`)

  // «Ввод 4»: in no object, a one-direction meter that measures A+ only.
  const p4 = await t.make.point({ name: 'Ввод 4', point_number: '770004', address: 'ул. Ленина, 3' })
  const c4 = await t.make.meter({ serial_num: '4004' })
  await t.make.install(p4, c4, { at: msk('2025-04-01T00:00:00') })
  const start = msk('2025-05-01T00:00:00').getTime()
  await storeIntervals(
    db,
    Array.from({ length: 48 }, (_, i) => ({ counter_id: c4, channel: 1, interval_start: new Date(start + i * HALF_HOUR), value: 1.5 })),
  )
  oneWay = p4

  // A substation as the demo has it: its input «Ввод 1» also opens its switchgear, whose outgoing feeder «Ввод 2»
  // is the input of a transformer substation below. The energy of «Ввод 2» is part of «Ввод 1»'s.
  const top = await t.make.object('ПС «Башня»')
  const switchgear = await t.make.object('РУ-10 кВ', top)
  const tp = await t.make.object('ТП-7', switchgear)
  const { p1, p2 } = data.points
  await t.make.withPoints(top, [p1])
  await t.make.withPoints(switchgear, [p1])
  await t.make.withPoints(switchgear, [p2], -1)
  await t.make.withPoints(tp, [p2])
  tower = { top, switchgear, tp }
})
afterAll(() => t.close())

const report = (query: Record<string, string | number>) =>
  t.call(t.adminToken, { method: 'POST', url: `/api/get_report/?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}` })

const parseXml = (body: Buffer | Uint8Array) => new new JSDOM('').window.DOMParser().parseFromString(iconv.decode(Buffer.from(body), 'win1251'), 'text/xml')
const fileNameOf = (disposition: unknown) => decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(String(disposition))![1]!)

async function sheetRows(body: Buffer) {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(body as unknown as ArrayBuffer)
  const all: unknown[][] = []
  workbook.worksheets[0]!.eachRow({ includeEmpty: true }, (row, n) => (all[n - 1] = (row.values as unknown[]).slice(1)))
  const headerAt = all.findIndex((r) => r?.[0] === 'Объект' || r?.[0] === 'Дата')
  const header = all[headerAt] as string[]
  return all.slice(headerAt + 1).map((r) => Object.fromEntries(header.map((key, i) => [key, r?.[i] ?? null])))
}

describe('80020 XML as the market receives it', () => {
  const xmlOf = async (pointId: number, day = '2025-05-01') => {
    const res = await report({ report: 'Form80020XmlReport', point_id: pointId, beg_date: day, end_date: day })
    expect(res.statusCode).toBe(200)
    return { doc: parseXml(res.rawPayload), fileName: fileNameOf(res.headers['content-disposition']) }
  }
  const numberOf = (doc: Document) => Number(doc.documentElement.getAttribute('number'))

  it('stays well-formed XML when a stored name holds characters XML 1.0 cannot carry', async () => {
    const rename = (name: string) => t.database.db.execute(sql`update points set name = ${name} where point_id = ${data.points.p1}`)
    await rename('Ввод\u000b\u0001 1')
    try {
      const { doc } = await xmlOf(data.points.p1)
      expect(doc.querySelector('parsererror')).toBeNull()
      expect(doc.querySelector('measuringpoint')!.getAttribute('name')).toBe('Ввод 1')
    } finally {
      await rename('Ввод 1')
    }
  })

  it('numbers the messages of a sender and area one after another, a re-send of the same day too', async () => {
    const first = await xmlOf(data.points.p1)
    const again = await xmlOf(data.points.p1)
    expect(numberOf(again.doc)).toBe(numberOf(first.doc) + 1)
    expect(first.fileName).toBe(`80020_${ACCOUNT_INN}_20250501_${numberOf(first.doc)}.xml`)
    expect(again.fileName).toBe(`80020_${ACCOUNT_INN}_20250501_${numberOf(again.doc)}.xml`)

    // Another area keeps its own sequence: «Ввод 2» is in the account's own area.
    const other = await xmlOf(data.points.p2)
    expect(numberOf(other.doc)).toBe(1)

    // Several days zipped: one number per file, carried on.
    const res = await report({ report: 'Form80020XmlReport', point_id: data.points.p1, beg_date: '2025-05-01', end_date: '2025-05-02' })
    const files = unzipSync(new Uint8Array(res.rawPayload))
    const next = numberOf(again.doc) + 1
    expect(Object.keys(files).sort()).toEqual([`80020_${ACCOUNT_INN}_20250501_${next}.xml`, `80020_${ACCOUNT_INN}_20250502_${next + 1}.xml`])
    expect(numberOf(parseXml(files[`80020_${ACCOUNT_INN}_20250502_${next + 1}.xml`]!))).toBe(next + 1)
  })

  it('gives the account as the sender and the object’s area owner as the area', async () => {
    const { doc } = await xmlOf(data.points.p1)
    expect(doc.querySelector('sender > inn')!.textContent).toBe(ACCOUNT_INN)
    expect(doc.querySelector('sender > name')!.textContent).toBe('АО «Горэлектросеть»')
    expect(doc.querySelector('area > inn')!.textContent).toBe('1300000206')
    expect(doc.querySelector('area > name')!.textContent).toBe('АО «Сетевая компания»')
    expect(doc.querySelector('datetime > daylightsavingtime')!.textContent).toBe('0')

    const own = await xmlOf(data.points.p2)
    expect(own.doc.querySelector('area > inn')!.textContent).toBe(ACCOUNT_INN)
  })

  it('marks every interval that is not valid with status 1 and only 0 or 1 at all', async () => {
    const { doc } = await xmlOf(data.points.p1)
    const active = [...doc.querySelectorAll('measuringchannel[code="01"] period value')]
    // 08:00 missing, 10:00 estimated (its value is kept), 00:00 valid.
    expect([active[16]!.getAttribute('status'), active[16]!.textContent]).toEqual(['1', '0'])
    expect([active[20]!.getAttribute('status'), active[20]!.textContent]).toEqual(['1', '40'])
    expect(active[0]!.getAttribute('status')).toBe('0')
    const statuses = new Set([...doc.querySelectorAll('value')].map((v) => v.getAttribute('status')))
    expect([...statuses].sort()).toEqual(['0', '1'])
  })

  it('lets represents.change set an object’s area, checking the INN', async () => {
    const denied = await t.userWith(['represents.view'])
    const url = `/api/represents/${data.objects.tp2}/market_area/`
    expect((await t.call(denied.token, { method: 'PUT', url, payload: { area_inn: '1300000206', area_name: 'АО «Сеть»' } })).statusCode).toBe(403)
    const bad = await t.call(t.adminToken, { method: 'PUT', url, payload: { area_inn: '12ab', area_name: 'АО «Сеть»' } })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toEqual({ area_inn: ['ИНН должен состоять из 10 или 12 цифр'] })
    const ok = await t.call(t.adminToken, { method: 'PUT', url, payload: { area_inn: '1300000206', area_name: 'АО «Сеть»' } })
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toEqual({ area_inn: '1300000206', area_name: 'АО «Сеть»' })
    // The object's screen reads it back; a viewer may, an unknown object is 404.
    expect((await t.call(denied.token, { method: 'GET', url })).json()).toEqual({ area_inn: '1300000206', area_name: 'АО «Сеть»' })
    expect((await t.call(t.adminToken, { method: 'GET', url: '/api/represents/999999/market_area/' })).statusCode).toBe(404)
    const { doc } = await xmlOf(data.points.p2)
    expect(doc.querySelector('area > name')!.textContent).toBe('АО «Сеть»')
  })
})

describe('80020 workbook', () => {
  it('writes «нет данных» only for what is missing, not on rows of a one-direction meter that have values', async () => {
    const res = await report({ report: 'Form80020Report', point_id: oneWay, beg_date: '2025-05-01', end_date: '2025-05-01' })
    const rows = await sheetRows(res.rawPayload)
    expect(rows[0]).toMatchObject({ 'A+, кВт·ч': 1.5, 'A-, кВт·ч': null })
    expect(rows[0]!.Примечание).toBe('нет данных: A-, R+, R-')
    expect(rows.slice(0, 48).every((r) => r.Примечание !== 'нет данных')).toBe(true)
  })
})

describe('form 010 totals', () => {
  it('counts each point once and the energy of a branch once, at the highest object that receives it', async () => {
    const res = await report({ report: 'Form010Report', represents_id: tower.top, beg_date: '2025-05-01', end_date: '2025-05-02' })
    const rows = await sheetRows(res.rawPayload)
    expect(rows.map((r) => r['Точка учёта'])).toEqual(['Ввод 1', 'Ввод 2', 'Ввод 2', null])
    // «Ввод 1» 3700 kWh; «Ввод 2» (36 + 24) flows out of the switchgear and is already inside it.
    expect(rows[3]!['Расход Сумма, кВт·ч'] as number).toBeCloseTo(3700, 6)
    expect(rows[1]!.Примечание).toBe('снят 02.05.2025 12:00; не входит в «Итого»: учтена на уровне выше')
    expect(rows[2]!.Примечание).toBe('установлен 02.05.2025 12:00; не входит в «Итого»: учтена на уровне выше')
    expect(rows[0]!.Примечание).toBe(null)
  })

  it('counts a chosen branch below its own input when only the branch is chosen', async () => {
    const res = await report({ report: 'Form010Report', represents_id: tower.tp, beg_date: '2025-05-01', end_date: '2025-05-02' })
    const rows = await sheetRows(res.rawPayload)
    expect(rows[2]!['Расход Сумма, кВт·ч'] as number).toBeCloseTo(60, 6)
  })
})

describe('file names', () => {
  it('say the form, the object or point and the period', async () => {
    const byObject = await report({
      report: 'Form010Report',
      represents_id: `${data.objects.north},${data.objects.tp2}`,
      beg_date: '2025-05-01',
      end_date: '2025-05-31',
    })
    expect(fileNameOf(byObject.headers['content-disposition'])).toBe('report_010_ПС Северная и ещё 1_01.05.2025-31.05.2025.xlsx')
    expect(byObject.headers['content-disposition']).toContain('filename="report_010_')
    const byPoint = await report({ report: 'Form80020Report', point_id: data.points.p1, beg_date: '2025-05-01', end_date: '2025-05-02' })
    expect(fileNameOf(byPoint.headers['content-disposition'])).toBe('report_80020_Ввод 1 (770001)_01.05.2025-02.05.2025.xlsx')
    const onDate = await report({ report: 'Form008Report', points_id: data.points.p1, date: '2025-05-01' })
    expect(fileNameOf(onDate.headers['content-disposition'])).toBe('report_008_Ввод 1 (770001)_01.05.2025.xlsx')
    const points = await report({ report: 'Form00102Report', points_id: `${data.points.p1},${oneWay}`, beg_date: '2025-05-01', end_date: '2025-05-01' })
    expect(fileNameOf(points.headers['content-disposition'])).toBe('report_001.02_Ввод 1 (770001) и ещё 1_01.05.2025.xlsx')
  })

  it('a point in no object is reported on', async () => {
    const res = await report({ report: 'Form00102Report', point_id: oneWay, beg_date: '2025-05-01', end_date: '2025-05-01' })
    expect(res.statusCode).toBe(200)
    const rows = await sheetRows(res.rawPayload)
    expect(rows[0]).toMatchObject({ Объект: null, 'Точка учёта': 'Ввод 4' })
  })
})

describe('point search of the report picker', () => {
  const search = (text: string, token = t.adminToken) => t.call(token, { method: 'GET', url: `/api/reports/points/?search=${encodeURIComponent(text)}` })

  it('finds points by name or identifier, a point in no object too', async () => {
    const byName = await search('ввод 4')
    expect(byName.statusCode).toBe(200)
    expect(byName.json()).toEqual({ results: [{ point_id: oneWay, name: 'Ввод 4', point_number: '770004', object_name: '' }] })
    const byNumber = (await search('77000')).json().results.map((p: { name: string }) => p.name)
    expect(byNumber).toEqual(['Ввод 1', 'Ввод 2', 'Ввод 3', 'Ввод 4'])
    expect((await search('77000')).json().results[0].object_name).toBe('ПС «Башня», РУ-10 кВ, ТП-1')
  })

  it('needs reports.export only', async () => {
    const reporter = await t.userWith(['reports.export'])
    expect((await search('Ввод', reporter.token)).statusCode).toBe(200)
    const other = await t.userWith(['points.view'])
    expect((await search('Ввод', other.token)).statusCode).toBe(403)
  })
})
