import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { T } from '../../src/shared/texts'
import { TINY_PNG, tinyPdf } from '../../src/server/files/sample-files'
import { factories, USER_PASSWORD } from '../helpers/factories'
import { multipart } from '../helpers/multipart'
import { SMTP_USER, startTestSmtp, type TestSmtp } from '../helpers/test-smtp'
import { startE2E, type E2E } from './harness'

const SUBSCRIBER = { username: 'abonent-e2e', password: USER_PASSWORD }
const EXTERNAL = 'zayavki@sbyt.example'

let e: E2E
let admin: string
let subscriber: string
let typeId: number
let smtp: TestSmtp | undefined

const api = async (token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => {
  const res = await e.app.inject({ method, url, payload, headers: { authorization: `JWT ${token}` } })
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`)
  return res.json()
}

beforeAll(async () => {
  e = await startE2E()
  admin = await e.apiToken()
  const me = await api(admin, 'GET', '/api/users/me/')
  const customer = await api(admin, 'POST', '/api/customers/', {
    customer_number: 'ЛС-777',
    customer_type: 1,
    last_name: 'Кузнецова',
    first_name: 'Марина',
    middle_name: 'Сергеевна',
    snils: '112-233-445 95',
  })
  // Subscribers are users without is_stuff, linked to their customer (docs/applications.md).
  await factories(e.database.db).user({
    username: SUBSCRIBER.username,
    first_name: 'Марина',
    last_name: 'Кузнецова',
    account_id: me.account_id,
    is_stuff: false,
    customer_id: customer.customer_id,
  })
  subscriber = await e.apiToken(SUBSCRIBER)
  typeId = (await api(admin, 'POST', '/api/document_type/', { doc_type_name: 'Замена прибора учёта', expired_in_days: 7 })).doc_type_id
  await api(admin, 'POST', '/api/document_required_file_link/', { doc_type_id: typeId, required_files: [1, 2, 15] })
  smtp = await startTestSmtp()
  await api(admin, 'POST', '/api/account_emails/', {
    name: 'Робот',
    smtp_host: '127.0.0.1',
    smtp_port: smtp.port,
    smtp_user: SMTP_USER.user,
    smtp_password: SMTP_USER.pass,
    smtp_encryption: 'SSL',
  })
  await api(admin, 'PATCH', `/api/account/${me.account_id}/`, { external_notify_email: EXTERNAL })
}, 120_000)

afterAll(async () => {
  await smtp?.close()
  await e?.close()
})

/** A subscriber files an application through the API: the type and one file per required file. */
async function fileApplication(): Promise<{ doc_request_id: number; request_number: string }> {
  const body = multipart({ doc_type_id: typeId }, [
    { field: 'file_1', name: 'zayavlenie.pdf', content: tinyPdf('application'), type: 'application/pdf' },
    { field: 'file_2', name: 'passport.pdf', content: tinyPdf('passport'), type: 'application/pdf' },
    { field: 'file_15', name: 'meter.png', content: TINY_PNG, type: 'image/png' },
  ])
  const res = await e.app.inject({
    method: 'POST',
    url: '/api/document_request/',
    payload: body.payload,
    headers: { ...body.headers, authorization: `JWT ${subscriber}` },
  })
  expect(res.statusCode).toBe(201)
  return res.json()
}

const badge = (page: Page, name: 'Неназначенные заявки' | 'Новые сообщения', value?: number) =>
  page.getByRole('navigation', { name: 'Главное меню' }).getByLabel(value === undefined ? new RegExp(`^${name}:`) : `${name}: ${value}`)

/** The status chip of one attached file opens its menu; the chosen status is applied (2 asks the reason first). */
async function setFileStatus(page: Page, fileName: string, status: 'Принят' | 'Отклонен') {
  // The previous file's menu may still be closing: only one menu at a time.
  await expect.poll(() => page.getByRole('menu').count()).toBe(0)
  await page.getByRole('button', { name: new RegExp(`^Статус файла ${fileName.replace('.', '\\.')}:`) }).click()
  await page.getByRole('menuitem', { name: status }).click()
}

describe('incoming applications', () => {
  it('staff work a filed application through: badge, viewed, reject and accept files, closing files, sending, archive', async () => {
    const context = await e.newContext({ width: 1440, height: 900 })
    const page = await context.newPage()
    await e.signIn(page)
    await page.goto('/documents-requests')
    await page.getByRole('main').getByText(T.empty).waitFor()

    const filed = await fileApplication()
    // The side menu polls the check every 10 s: the badges rise without a reload.
    await badge(page, 'Неназначенные заявки', 1).waitFor({ timeout: 15_000 })
    await badge(page, 'Новые сообщения', 3).waitFor()
    await page.getByRole('link', { name: 'Входящие заявки' }).click()
    await page.getByRole('cell', { name: filed.request_number, exact: true }).click()
    await page.getByRole('heading', { name: `Заявка № ${filed.request_number}` }).waitFor()
    // Opening it marks it viewed: its new files no longer count.
    await badge(page, 'Новые сообщения').waitFor({ state: 'detached' })
    await page.getByRole('button', { name: 'Назначить на себя' }).click()
    await badge(page, 'Неназначенные заявки').waitFor({ state: 'detached' })
    await page.getByRole('region', { name: 'Заявка', exact: true }).getByText('Администратор Системы').waitFor()

    await page.getByRole('button', { name: /Заявление/ }).click()
    await setFileStatus(page, 'zayavlenie.pdf', 'Отклонен')
    const reason = page.getByRole('dialog', { name: T.attachmentDeclineReason })
    // The menu hands the focus back to its trigger as it closes; the dialog then takes it to the reason.
    await expect.poll(() => reason.getByLabel('Причина отказа').evaluate((field) => field === document.activeElement)).toBe(true)
    await reason.getByRole('button', { name: 'Отправить' }).click()
    await reason.getByText(T.required).waitFor()
    await reason.getByLabel('Причина отказа').fill('Скан нечитаем')
    await reason.getByRole('button', { name: 'Отправить' }).click()
    await page.getByRole('list', { name: 'Комментарии к файлу zayavlenie.pdf' }).getByText('Скан нечитаем').waitFor()
    await page.getByRole('button', { name: 'Статус файла zayavlenie.pdf: Отклонен' }).waitFor()
    await setFileStatus(page, 'passport.pdf', 'Принят')
    await setFileStatus(page, 'meter.png', 'Принят')
    await page.getByRole('button', { name: 'Статус файла meter.png: Принят' }).waitFor()

    // The subscriber answers on another file: a new message, until staff open that file's panel.
    const attachments = await api(subscriber, 'GET', `/api/document_request_attachment/?document_id=${filed.doc_request_id}`)
    await api(subscriber, 'POST', '/api/document_request_attachment_comment/', {
      doc_attachment: attachments[1].doc_request_attach_id,
      doc_request_id: filed.doc_request_id,
      doc_attachment_comment: 'Паспорт приложен полностью',
    })
    await badge(page, 'Новые сообщения', 1).waitFor({ timeout: 15_000 })
    await page.getByRole('button', { name: /Паспорт заявителя/ }).click()
    await page.getByRole('list', { name: 'Комментарии к файлу passport.pdf' }).getByText('Паспорт приложен полностью').waitFor()
    await badge(page, 'Новые сообщения').waitFor({ state: 'detached', timeout: 15_000 })
    await page.getByLabel('Новый комментарий').first().fill('Спасибо, принят')
    await page.getByRole('button', { name: 'Отправить', exact: true }).first().click()
    // The comment shows in its file's thread, and the input is emptied once the server has it.
    await page
      .getByRole('list', { name: /^Комментарии к файлу/ })
      .getByText('Спасибо, принят')
      .waitFor()
    await expect.poll(() => page.getByLabel('Новый комментарий').first().inputValue()).toBe('')
    await context.close()

    // The rest on a tablet: accept with closing documents, send to the energy-sales company, archive.
    const tablet = await e.newContext({ width: 768, height: 1024 })
    const pad = await tablet.newPage()
    await e.signIn(pad)
    await pad.goto(`/documents-requests/${filed.doc_request_id}`)
    await pad.getByRole('button', { name: 'Статус: Новая' }).click()
    await pad.getByRole('menuitem', { name: 'В работе' }).click()
    await pad.getByRole('button', { name: 'Статус: В работе' }).click()
    await pad.getByRole('menuitem', { name: 'Принята' }).click()
    const closing = pad.getByRole('dialog', { name: 'Закрывающие документы' })
    await closing.getByLabel('Файлы закрывающих документов').setInputFiles([
      { name: 'akt.pdf', mimeType: 'application/pdf', buffer: tinyPdf('akt') },
      { name: 'schet.pdf', mimeType: 'application/pdf', buffer: tinyPdf('invoice') },
    ])
    await closing.getByRole('button', { name: 'Отправить' }).click()
    // After the closing files the status is 3 and the screen closes back to the list.
    await pad.waitForURL(/\/documents-requests(\?|$)/)
    expect((await api(admin, 'GET', `/api/document_request/${filed.doc_request_id}/`)).status.id).toBe(3)

    await pad.getByRole('cell', { name: filed.request_number, exact: true }).click()
    await pad.getByRole('button', { name: 'akt.pdf' }).waitFor()
    // The applicant's documents leave the company only once asked: staying sends nothing.
    await pad.getByRole('button', { name: T.externalSendLabel }).click()
    await pad.getByRole('alertdialog').getByText(T.confirmExternalSend).waitFor()
    await pad.getByRole('alertdialog').getByRole('button', { name: T.cancel }).click()
    expect(smtp!.mails).toHaveLength(0)
    await pad.getByRole('button', { name: T.externalSendLabel }).click()
    await pad.getByRole('alertdialog').getByRole('button', { name: T.send }).click()
    await pad.getByText(T.externalSent).waitFor()
    expect(smtp!.mails).toHaveLength(1)
    expect(smtp!.mails[0]!.to).toBe(EXTERNAL)
    // Three attachments and two closing documents travel with the letter.
    expect(smtp!.mails[0]!.raw.match(/Content-Disposition: attachment/g)).toHaveLength(5)
    expect(smtp!.mails[0]!.raw).toContain('akt.pdf')

    await pad.getByRole('link', { name: 'К списку' }).click()
    await pad.getByRole('button', { name: `В архив заявку ${filed.request_number}` }).click()
    await pad.getByRole('alertdialog').getByText(T.confirmArchive).waitFor()
    await pad.getByRole('alertdialog').getByRole('button', { name: 'В архив' }).click()
    await pad.getByRole('cell', { name: filed.request_number, exact: true }).waitFor({ state: 'detached' })
    await pad.getByText('Архив', { exact: true }).click()
    await pad.getByRole('cell', { name: filed.request_number, exact: true }).waitFor()
    await tablet.close()
  }, 120_000)

  it('on a touch tablet, gives the file status menu a finger-high item each, accept apart from decline, and shows a decline', async () => {
    const filed = await fileApplication()
    const context = await e.browser.newContext({
      baseURL: e.baseUrl,
      viewport: { width: 800, height: 1280 },
      hasTouch: true,
      isMobile: true,
      locale: 'ru-RU',
      timezoneId: 'Europe/Moscow',
    })
    const page = await context.newPage()
    await e.signIn(page)
    await page.goto(`/documents-requests/${filed.doc_request_id}`)
    await page.getByRole('button', { name: 'Статус файла zayavlenie.pdf: На рассмотрении' }).click()
    const items = page.getByRole('menu').getByRole('menuitem')
    await items.first().waitFor()
    const boxes = await items.evaluateAll((all) => all.map((item) => ({ name: item.textContent, ...item.getBoundingClientRect().toJSON() })))
    expect(boxes.map(({ name, height }) => `${name}: ${Math.round(height)}`).filter((item) => Number(item.split(': ')[1]) < 44)).toEqual([])
    const [accept, decline] = ['Принят', 'Отклонен'].map((name) => boxes.find((box) => box.name === name)!)
    // A finger that slips off one must not land on the other.
    expect(Math.abs(decline!.top - accept!.top)).toBeGreaterThan(1.5 * accept!.height)

    await page.getByRole('menuitem', { name: 'Отклонен' }).click()
    const reason = page.getByRole('dialog', { name: T.attachmentDeclineReason })
    await reason.getByLabel('Причина отказа').fill('Скан нечитаем')
    await reason.getByRole('button', { name: 'Отправить' }).click()
    await page.getByText(T.attachmentDeclined('zayavlenie.pdf')).waitFor()
    // The file opens on its comments, where the reason is.
    await page.getByRole('list', { name: 'Комментарии к файлу zayavlenie.pdf' }).getByText('Скан нечитаем').waitFor()
    await context.close()
  }, 90_000)

  it('declines an application with a reason, filters by status, and keeps the chosen columns under their version', async () => {
    const filed = await fileApplication()
    const context = await e.newContext({ width: 1280, height: 900 })
    const page = await context.newPage()
    await e.signIn(page)
    await page.evaluate(() => localStorage.setItem('documents-requests-columns', JSON.stringify({ version: '0', columns: ['request_number'] })))
    await page.goto('/documents-requests')
    await page.getByText(T.tableSettingsReset).waitFor()
    const table = page.getByRole('table', { name: 'Входящие заявки' })
    await table.getByRole('columnheader', { name: 'Тип заявки' }).waitFor()

    await page.getByRole('button', { name: 'Столбцы' }).click()
    await page.getByRole('dialog').getByText('Тип заявки').click()
    await page.getByRole('dialog').getByRole('button', { name: 'Сохранить' }).click()
    await table.getByRole('columnheader', { name: 'Тип заявки' }).waitFor({ state: 'detached' })
    await page.reload()
    await table.getByRole('columnheader', { name: '№ заявки' }).waitFor()
    expect(await table.getByRole('columnheader', { name: 'Тип заявки' }).count()).toBe(0)

    await page.getByRole('cell', { name: filed.request_number, exact: true }).click()
    await page.getByRole('button', { name: 'Статус: Новая' }).click()
    await page.getByRole('menuitem', { name: 'Отклонена' }).click()
    const dialog = page.getByRole('dialog', { name: 'Отклонение заявки' })
    await dialog.getByLabel('Причина отклонения').fill('Передумал')
    await dialog.getByRole('button', { name: 'Отмена' }).click()
    // A typed reason is not dropped unasked; agreed, the next decline starts empty.
    await page.getByRole('alertdialog').getByRole('button', { name: T.closeWithoutSaving }).click()
    await page.getByRole('button', { name: 'Статус: Новая' }).click()
    await page.getByRole('menuitem', { name: 'Отклонена' }).click()
    await expect(dialog.getByLabel('Причина отклонения').inputValue()).resolves.toBe('')
    await dialog.getByLabel('Причина отклонения').fill('Не приложен акт допуска')
    await dialog.getByRole('button', { name: 'Отправить' }).click()
    await page.getByRole('button', { name: 'Статус: Отклонена' }).waitFor()
    await page.getByText('Не приложен акт допуска').waitFor()

    await page.getByRole('link', { name: 'К списку' }).click()
    await page.getByRole('button', { name: 'Отклонена', exact: true }).click()
    await page.waitForURL(/status=4/)
    await page.getByRole('cell', { name: filed.request_number, exact: true }).waitFor()
    await page.getByRole('button', { name: 'Принята', exact: true }).click()
    await page.waitForURL(/status=3/)
    await page.getByRole('main').getByText(T.empty).waitFor()
    await context.close()
  }, 90_000)

  it('edits request types and required files with their messages, uploads and downloads a sample', async () => {
    const context = await e.newContext({ width: 768, height: 1024 })
    const page = await context.newPage()
    await e.signIn(page)
    await page.goto('/documents-requests-types')
    await page.getByRole('button', { name: 'Добавить' }).click()
    const dialog = page.getByRole('dialog', { name: 'Новый тип заявки' })
    await expect(dialog.getByLabel(/Срок ответа/).inputValue()).resolves.toBe('10')
    await dialog.getByLabel(/Тип абонента/).selectOption('')
    await dialog.getByRole('button', { name: 'Добавить' }).click()
    await dialog.getByText(T.requiredAlt).waitFor()
    await dialog.getByText(T.customerTypeRequired).waitFor()
    await dialog.getByLabel(/Наименование/).fill('Технологическое присоединение')
    await dialog.getByLabel(/Тип абонента/).selectOption({ label: 'Юридическое лицо' })
    await dialog.getByText('Технические условия').click()
    await dialog.getByText('Выписка из ЕГРЮЛ').click()
    await dialog.getByRole('button', { name: 'Добавить' }).click()
    const row = page.getByRole('row', { name: /Технологическое присоединение/ })
    await row.waitFor()
    await page.getByRole('button', { name: 'Изменить Технологическое присоединение' }).click()
    const edit = page.getByRole('dialog', { name: 'Тип заявки' })
    await edit.getByText('Выписка из ЕГРЮЛ').click()
    await edit.getByRole('button', { name: 'Сохранить' }).click()
    await edit.waitFor({ state: 'detached' })
    const types = await api(admin, 'GET', '/api/document_type/?page_size=all')
    const created = types.results.find((t: { doc_type_name: string }) => t.doc_type_name === 'Технологическое присоединение')
    expect(created).toMatchObject({ doc_customer_type_id: 3, expired_in_days: 10, required_files: [{ doc_required_file_id: 18 }] })

    await page.goto('/documents-requests-required')
    await page.getByRole('button', { name: 'Добавить' }).click()
    const file = page.getByRole('dialog', { name: 'Новый требуемый файл' })
    await file.getByRole('button', { name: 'Добавить' }).click()
    await expect(file.getByText(T.requiredAlt).count()).resolves.toBe(2)
    await file.getByLabel(/Наименование документа/).fill('Справка о мощности')
    await file.getByLabel(/Краткое наименование/).fill('Мощность')
    await file.getByLabel('Образец').setInputFiles({ name: 'obrazec.pdf', mimeType: 'application/pdf', buffer: tinyPdf('sample') })
    await file.getByRole('button', { name: 'Добавить' }).click()
    await file.waitFor({ state: 'detached' })
    await page.getByText('из 25').waitFor()
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Скачать образец obrazec.pdf' }).click()
    expect((await download).suggestedFilename()).toBe('obrazec.pdf')
    await context.close()
  }, 90_000)
})
