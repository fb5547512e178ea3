import { readdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CUSTOMER_TYPES, FILE_MAX_BYTES } from '../../../src/shared/constants'
import { documentRequest, documentRequestList } from '../../../src/shared/schemas/requests'
import { T } from '../../../src/shared/texts'
import { TINY_PNG, tinyPdf } from '../../../src/server/files/sample-files'
import { multipart } from '../../helpers/multipart'
import { startTestApp, type TestApp } from '../../helpers/test-app'
import { whileUncommitted } from '../../helpers/test-database'
import { SMTP_USER, startTestSmtp, type TestSmtp } from '../../helpers/test-smtp'

let t: TestApp
let subscriber: Awaited<ReturnType<TestApp['subscriber']>>
let stranger: { token: string }
let typeId: number
let smtp: TestSmtp

beforeAll(async () => {
  t = await startTestApp()
  const sidorov = { last_name: 'Сидоров', first_name: 'Пётр', middle_name: 'Ильич' }
  subscriber = await t.subscriber({ customer_number: 'Л-1', ...sidorov })
  stranger = await t.subscriber({ customer_number: 'Л-2', ...sidorov })
  typeId = await t.make.requestType({ doc_type_name: 'Замена прибора учёта', expired_in_days: 5 }, [1, 2])

  smtp = await startTestSmtp()
})
afterAll(async () => {
  await smtp.close()
  await t.close()
})

const file = (id: number, name = `doc${id}.pdf`, content: Buffer = tinyPdf(`file ${id}`)) => ({ field: `file_${id}`, name, content, type: 'application/pdf' })
const fileApplication = (
  token: string,
  files = [file(1), file(2, 'passport.png', TINY_PNG)],
  fields: Record<string, string | number> | [string, string | number][] = { doc_type_id: typeId },
) => {
  const body = multipart(fields, files)
  return t.call(token, { method: 'POST', url: '/api/document_request/', payload: body.payload, headers: body.headers })
}
const storedCount = () => readdirSync(path.join(t.app.config.dataDir, 'files')).length

describe('applications', () => {
  it('a subscriber files an application and sees only its own', async () => {
    const res = await fileApplication(subscriber.token)
    expect(res.statusCode).toBe(201)
    const created = res.json()
    expect(created).toMatchObject({
      status: { id: 1, name: 'Новая' },
      new_files: 2,
      assigned_user_id: null,
      assigned_user: null,
      type: { id: typeId, name: 'Замена прибора учёта' },
      customer: { name: 'Сидоров Пётр Ильич' },
    })
    expect(created.request_number).toMatch(/^\d{6}$/)
    const own = await t.call(subscriber.token, { method: 'GET', url: '/api/document_request/' })
    expect(own.json().count).toBe(1)
    const other = await t.call(stranger.token, { method: 'GET', url: '/api/document_request/' })
    expect(other.json()).toEqual({ count: 0, results: [] })
    expect((await t.call(stranger.token, { method: 'GET', url: `/api/document_request_attachment/?document_id=${created.doc_request_id}` })).statusCode).toBe(
      404,
    )
    expect((await t.call(subscriber.token, { method: 'GET', url: '/api/document_request/check/' })).statusCode).toBe(403)
  })

  it('files an application of a type that requires no files', async () => {
    const bare = await t.call(t.adminToken, {
      method: 'POST',
      url: '/api/document_type/',
      payload: { doc_type_name: 'Справка без документов', doc_customer_type_id: 1, expired_in_days: 5 },
    })
    expect(bare.statusCode).toBe(201)
    const res = await fileApplication(subscriber.token, [], { doc_type_id: bare.json().doc_type_id })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ new_files: 0 })
  })

  it('refuses an application without its required files, of a wrong type, over the limit, or from staff', async () => {
    const before = storedCount()
    const missing = await fileApplication(subscriber.token, [file(1)])
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toEqual({ file_2: [T.requiredFileMissing('Паспорт заявителя')] })
    const extra = await fileApplication(subscriber.token, [file(1), file(2), file(7)])
    expect(extra.json()).toEqual({ file_7: [T.requiredFileUnknown] })
    const badType = await fileApplication(subscriber.token, [file(1), file(2)], { doc_type_id: 99999 })
    expect(badType.json()).toEqual({ doc_type_id: [T.requestTypeUnknown] })
    const exe = await fileApplication(subscriber.token, [file(1, 'virus.exe'), file(2)])
    expect(exe.statusCode).toBe(400)
    expect(exe.json()).toEqual({ file_1: [T.fileTypeNotAllowed] })
    const huge = await fileApplication(subscriber.token, [file(1, 'big.pdf', Buffer.alloc(FILE_MAX_BYTES + 10, 1)), file(2)])
    expect(huge.statusCode).toBe(413)
    expect(huge.json()).toEqual({ detail: T.uploadTooLarge('big.pdf', 10) })
    expect(storedCount()).toBe(before)
    expect((await fileApplication(t.adminToken)).statusCode).toBe(403)
    const json = await t.call(subscriber.token, { method: 'POST', url: '/api/document_request/', payload: { doc_type_id: typeId } })
    expect(json.statusCode).toBe(400)
  })

  it("offers and accepts only the request types of the subscriber's own type, and reads its numbers as whole ids", async () => {
    const company = await t.make.requestType({ doc_type_name: 'Для юридических лиц', doc_customer_type_id: 3 })
    const types = (await t.call(subscriber.token, { method: 'GET', url: '/api/document_type/?page_size=all' })).json()
    expect(types.results.map((r: { doc_type_id: number }) => r.doc_type_id)).toContain(typeId)
    expect(types.results.every((r: { doc_customer_type_id: number }) => r.doc_customer_type_id === 1)).toBe(true)
    const staffTypes = (await t.call(t.adminToken, { method: 'GET', url: '/api/document_type/?page_size=all' })).json()
    expect(staffTypes.results.map((r: { doc_type_id: number }) => r.doc_type_id)).toContain(company)

    const before = storedCount()
    const foreign = await fileApplication(subscriber.token, [], { doc_type_id: company })
    expect(foreign.statusCode).toBe(400)
    expect(foreign.json()).toEqual({ doc_type_id: [T.requestTypeOfOtherCustomers(CUSTOMER_TYPES[3])] })
    for (const written of ['0x1', '1e0', `${typeId}.0`, ' ']) {
      const res = await fileApplication(subscriber.token, undefined, { doc_type_id: written })
      expect(res.statusCode, written).toBe(400)
      expect(Object.keys(res.json()), written).toEqual(['doc_type_id'])
    }
    expect(storedCount()).toBe(before)
    const closing = multipart({ doc_request_id: '1e0' }, [{ field: 'files_24', name: 'akt.pdf', content: tinyPdf('akt') }])
    const closed = await t.call(t.adminToken, { method: 'POST', url: '/api/document_close_file/', payload: closing.payload, headers: closing.headers })
    expect(closed.statusCode).toBe(400)
    expect(Object.keys(closed.json())).toEqual(['doc_request_id'])
  })

  it('staff work an application through: badge, viewed, assign, reject a file with a reason, comments, closing files, status, archive', async () => {
    const id = (await fileApplication(subscriber.token)).json().doc_request_id
    const check = await t.call(t.adminToken, { method: 'GET', url: '/api/document_request/check/' })
    expect(check.json().unassigned).toBeGreaterThan(0)
    expect(check.json().new_messages).toBeGreaterThanOrEqual(2)

    const viewed = await t.call(t.adminToken, { method: 'POST', url: `/api/document_request/${id}/viewed/` })
    expect(viewed.json().new_files).toBe(0)
    // Opening it again changes nothing, so it writes nothing: a holder of requests.view filled the audit with copies.
    const audited = async () => (await t.call(t.adminToken, { method: 'GET', url: '/api/audit/?page_size=1' })).json().count
    const entries = await audited()
    for (let i = 0; i < 3; i++) {
      expect((await t.call(t.adminToken, { method: 'POST', url: `/api/document_request/${id}/viewed/` })).json()).toEqual(viewed.json())
    }
    expect(await audited()).toBe(entries)
    const me = (await t.call(t.adminToken, { method: 'GET', url: '/api/users/me/' })).json()
    const assigned = await t.call(t.adminToken, { method: 'PATCH', url: `/api/document_request/${id}/`, payload: { assigned_user_id: me.user_id } })
    expect(assigned.json()).toMatchObject({ assigned_user_id: me.user_id, assigned_user: { username: 'admin' } })
    expect(
      (await t.call(t.adminToken, { method: 'PATCH', url: `/api/document_request/${id}/`, payload: { assigned_user_id: subscriber.user_id } })).json(),
    ).toEqual({ assigned_user_id: [T.assigneeUnknown] })
    // Found by a report-only attacker probe: an application could be given to a user switched off or without the right
    // to see applications; it left the unassigned count and nobody could see it.
    const blind = await t.userWith(['points.view'])
    const away = await t.userWith(['requests.view', 'requests.change'], { is_active: false })
    for (const user of [blind, away]) {
      const given = await t.call(t.adminToken, { method: 'PATCH', url: `/api/document_request/${id}/`, payload: { assigned_user_id: user.user_id } })
      expect([given.statusCode, given.json()]).toEqual([400, { assigned_user_id: [T.assigneeCannotSee] }])
    }
    const dated = await t.call(t.adminToken, { method: 'PATCH', url: `/api/document_request/${id}/`, payload: { expired_date: '2030-01-31' } })
    expect(dated.json().expired_date).toBe('2030-01-31')

    const [first, second] = (await t.call(t.adminToken, { method: 'GET', url: `/api/document_request_attachment/?document_id=${id}` })).json()
    expect(first).toMatchObject({ doc_request_attach_status: 3, required_doc_type_name: 'Заявление', real_file_name: 'doc1.pdf', comments: [] })
    const noReason = await t.call(t.adminToken, {
      method: 'PATCH',
      url: `/api/document_request_attachment/${first.doc_request_attach_id}/`,
      payload: { doc_request_attach_status: 2 },
    })
    // The spec's API sets the status alone; the reason, when given, arrives as a comment (the console keeps asking for it).
    expect(noReason.statusCode).toBe(200)
    expect(noReason.json()).toMatchObject({ doc_request_attach_status: 2, comments: [] })
    const rejected = await t.call(t.adminToken, {
      method: 'PATCH',
      url: `/api/document_request_attachment/${first.doc_request_attach_id}/`,
      payload: { doc_request_attach_status: 2, doc_attachment_comment: 'Скан нечитаем' },
      headers: { 'idempotency-key': 'reject-1' },
    })
    expect(rejected.json()).toMatchObject({
      doc_request_attach_status: 2,
      comments: [{ doc_attachment_comment: 'Скан нечитаем', created_by: { is_stuff: true } }],
    })
    const replay = await t.call(t.adminToken, {
      method: 'PATCH',
      url: `/api/document_request_attachment/${first.doc_request_attach_id}/`,
      payload: { doc_request_attach_status: 2, doc_attachment_comment: 'Скан нечитаем' },
      headers: { 'idempotency-key': 'reject-1' },
    })
    expect(replay.headers['idempotent-replayed']).toBe('true')
    expect(replay.json().comments).toHaveLength(1)
    expect(
      (
        await t.call(t.adminToken, {
          method: 'PATCH',
          url: `/api/document_request_attachment/${second.doc_request_attach_id}/`,
          payload: { doc_request_attach_status: 1 },
        })
      ).json().doc_request_attach_status,
    ).toBe(1)

    // The subscriber sees the reason as an unread comment, answers it; staff see the answer as unread until they open the attachment.
    const theirs = (await t.call(subscriber.token, { method: 'GET', url: `/api/document_request_attachment/?document_id=${id}` })).json()[0]
    expect(theirs.comments_user_unviewed).toBe(1)
    const answer = await t.call(subscriber.token, {
      method: 'POST',
      url: '/api/document_request_attachment_comment/',
      payload: { doc_attachment: first.doc_request_attach_id, doc_request_id: id, doc_attachment_comment: 'Пересканирую' },
    })
    expect(answer.statusCode).toBe(201)
    const forged = await t.call(stranger.token, {
      method: 'POST',
      url: '/api/document_request_attachment_comment/',
      payload: { doc_attachment: first.doc_request_attach_id, doc_request_id: id, doc_attachment_comment: 'чужой' },
    })
    expect(forged.statusCode).toBe(404)
    const empty = await t.call(t.adminToken, {
      method: 'POST',
      url: '/api/document_request_attachment_comment/',
      payload: { doc_attachment: first.doc_request_attach_id, doc_request_id: id, doc_attachment_comment: ' ' },
    })
    expect(empty.json()).toEqual({ doc_attachment_comment: [T.required] })
    expect((await t.call(t.adminToken, { method: 'GET', url: `/api/document_request/${id}/` })).json().unread_comments).toBe(1)
    // The list counts each page's unread comments in one grouped scan: its row is the single read, for either side.
    const listedAsRead = async (token: string) => {
      const listed = (await t.call(token, { method: 'GET', url: '/api/document_request/?archived=false&per_page=100' })).json().results
      expect(listed.find((r: { doc_request_id: number }) => r.doc_request_id === id)).toEqual(
        (await t.call(token, { method: 'GET', url: `/api/document_request/${id}/` })).json(),
      )
    }
    await listedAsRead(t.adminToken)
    await listedAsRead(subscriber.token)
    const opened = await t.call(t.adminToken, { method: 'POST', url: `/api/document_request_attachment/${first.doc_request_attach_id}/viewed/` })
    expect(opened.json().comments_user_unviewed).toBe(0)
    expect((await t.call(t.adminToken, { method: 'GET', url: `/api/document_request/${id}/` })).json().unread_comments).toBe(0)
    await listedAsRead(t.adminToken)

    // Status 3 needs closing files; 4 needs a reason.
    expect((await t.call(t.adminToken, { method: 'PATCH', url: `/api/document_request/${id}/`, payload: { doc_status: 3 } })).json()).toEqual({
      doc_status: [T.closingFilesRequired],
    })
    expect((await t.call(t.adminToken, { method: 'PATCH', url: `/api/document_request/${id}/`, payload: { doc_status: 4 } })).json()).toEqual({
      decline_reason: [T.declineReasonRequired],
    })
    const declined = await t.call(t.adminToken, {
      method: 'PATCH',
      url: `/api/document_request/${id}/`,
      payload: { doc_status: 4, decline_reason: 'Нет оснований' },
    })
    expect(declined.json()).toMatchObject({ status: { id: 4, name: 'Отклонена' }, decline_reason: 'Нет оснований' })
    const closing = multipart({ doc_request_id: id }, [{ field: 'files_24', name: 'akt.pdf', content: tinyPdf('akt') }])
    const closed = await t.call(t.adminToken, { method: 'POST', url: '/api/document_close_file/', payload: closing.payload, headers: closing.headers })
    expect(closed.statusCode).toBe(201)
    expect(closed.json()).toMatchObject([{ doc_required_file_id: 24, doc_close_file: { real_file_name: 'akt.pdf' } }])
    const accepted = await t.call(t.adminToken, { method: 'PATCH', url: `/api/document_request/${id}/`, payload: { doc_status: 3 } })
    expect(accepted.json()).toMatchObject({ status: { id: 3 }, decline_reason: '' })
    expect((await t.call(subscriber.token, { method: 'GET', url: `/api/document_close_file/?document_id=${id}` })).json()).toHaveLength(1)

    // Downloads: own files for the subscriber, nobody else's; forged names are 404 without touching the disk.
    const name = closed.json()[0].doc_close_file.file_name
    const download = await t.call(subscriber.token, { method: 'GET', url: `/api/download/${name}` })
    expect(download.statusCode).toBe(200)
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    // One Content-Disposition for every download: an ASCII fallback and the exact name (RFC 6266).
    expect(download.headers['content-disposition']).toBe(`attachment; filename="akt.pdf"; filename*=UTF-8''akt.pdf`)
    expect((await t.call(stranger.token, { method: 'GET', url: `/api/download/${name}` })).statusCode).toBe(403)
    for (const forgedName of ['..%2F..%2Fserver-secret', '..%2Fpglite', `${'0'.repeat(32)}.pdf`, 'server-secret']) {
      expect((await t.call(t.adminToken, { method: 'GET', url: `/api/download/${forgedName}` })).statusCode).toBe(404)
    }
    // A known file gone from the disk (a restore without the files folder) says so in Russian, not a 500.
    rmSync(path.join(t.app.config.dataDir, 'files', name))
    const lost = await t.call(subscriber.token, { method: 'GET', url: `/api/download/${name}` })
    expect(lost.statusCode).toBe(404)
    expect(lost.json()).toEqual({ detail: T.storedFileLost })

    const archived = await t.call(t.adminToken, { method: 'POST', url: `/api/document_request/${id}/archive/` })
    expect(archived.json().archived).toBe(true)
    expect(
      (await t.call(t.adminToken, { method: 'GET', url: '/api/document_request/?archived=true&status=3' }))
        .json()
        .results.map((r: { doc_request_id: number }) => r.doc_request_id),
    ).toContain(id)
    expect(
      (await t.call(t.adminToken, { method: 'GET', url: '/api/document_request/?archived=false&per_page=25&page=1' }))
        .json()
        .results.map((r: { doc_request_id: number }) => r.doc_request_id),
    ).not.toContain(id)
    expect((await t.call(t.adminToken, { method: 'POST', url: `/api/document_request/${id}/unarchive/` })).json().archived).toBe(false)
  })

  it('sends an application with its files to the energy-sales company through the account SMTP server', async () => {
    const id = (await fileApplication(subscriber.token)).json().doc_request_id
    const notConfigured = await t.call(t.adminToken, { method: 'POST', url: `/api/document_request/${id}/send_to_external/` })
    expect(notConfigured.statusCode).toBe(400)
    const account = await t.call(t.adminToken, {
      method: 'POST',
      url: '/api/account_emails/',
      payload: { name: 'Робот', smtp_host: '127.0.0.1', smtp_port: smtp.port, smtp_user: SMTP_USER.user, smtp_password: 'wrong', smtp_encryption: 'SSL' },
    })
    const failed = await t.call(t.adminToken, { method: 'POST', url: `/api/document_request/${id}/send_to_external/` })
    expect(failed.statusCode).toBe(502)
    expect(failed.json()).toEqual({ detail: T.externalSendFailed })
    await t.call(t.adminToken, { method: 'PATCH', url: `/api/account_emails/${account.json().account_email_id}/`, payload: { smtp_password: SMTP_USER.pass } })
    const sent = await t.call(t.adminToken, { method: 'POST', url: `/api/document_request/${id}/send_to_external/` })
    expect(sent.statusCode).toBe(200)
    expect(sent.json().external_send_date).not.toBeNull()
    expect(smtp.mails).toHaveLength(1)
    expect(smtp.mails[0]!.to).toBe('zayavki@energosbyt.example')
    expect(smtp.mails[0]!.raw).toContain('filename=doc1.pdf')
    expect(smtp.mails[0]!.raw).toContain('filename=passport.png')
  })

  // Found by the attacker probe: the card's assignee carried the staff member's login, half of a credential, to the
  // subscriber; comments' authors never did.
  it("shows a subscriber its assignee's name but not the login, on every route a subscriber reaches; staff see it", async () => {
    const login = 'operator-zavyalova'
    const staff = await t.userWith(['requests.view', 'requests.change'], { username: login, first_name: 'Ольга', last_name: 'Завьялова' })
    const id = (await fileApplication(subscriber.token)).json().doc_request_id as number
    const assign = await t.call(t.adminToken, { method: 'PATCH', url: `/api/document_request/${id}/`, payload: { assigned_user_id: staff.user_id } })
    expect(assign.statusCode).toBe(200)
    const gets = t.app.apiRoutes.filter((r) => r.method === 'GET' && (r.access === 'user' || r.subscriber) && !r.url.includes('*'))
    expect(gets.map((r) => r.url)).toEqual(expect.arrayContaining(['/api/document_request/', '/api/document_request/:id/']))
    let shown = 0
    for (const route of gets) {
      const res = await t.call(subscriber.token, { method: 'GET', url: `${route.url.replace(':id', String(id))}?document_id=${id}` })
      if (res.body.includes('Ольга')) shown++
      expect(res.body, route.url).not.toContain(login)
    }
    // The list and the card name the assignee.
    expect(shown).toBe(2)
    const own = await t.call(subscriber.token, { method: 'GET', url: `/api/document_request/${id}/` })
    expect(own.json().assigned_user).toEqual({ first_name: 'Ольга', last_name: 'Завьялова', middle_name: '' })
    expect(v.is(documentRequest, own.json())).toBe(true)
    const seenByStaff = await t.call(t.adminToken, { method: 'GET', url: `/api/document_request/${id}/` })
    expect(seenByStaff.json().assigned_user).toEqual({ username: login, first_name: 'Ольга', last_name: 'Завьялова', middle_name: '' })
    const staffList = await t.call(t.adminToken, { method: 'GET', url: '/api/document_request/?per_page=50' })
    expect(staffList.body).toContain(login)
  })

  it('answers 400 for bad input, 403 without permission, 404 for unknown ids', async () => {
    expect((await t.call(t.adminToken, { method: 'GET', url: '/api/document_request/?status=9' })).statusCode).toBe(400)
    expect((await t.call(t.adminToken, { method: 'PATCH', url: '/api/document_request/1/', payload: {} })).json()).toEqual({ non_field_errors: [T.noChanges] })
    expect((await t.call(t.adminToken, { method: 'PATCH', url: '/api/document_request/1/', payload: { expired_date: '31.01.2030' } })).statusCode).toBe(400)
    expect((await t.call(t.adminToken, { method: 'PATCH', url: '/api/document_request/999999/', payload: { doc_status: 2 } })).statusCode).toBe(404)
    expect((await t.call(t.adminToken, { method: 'POST', url: '/api/document_request/999999/archive/' })).statusCode).toBe(404)
    expect(
      (await t.call(t.adminToken, { method: 'PATCH', url: '/api/document_request_attachment/999999/', payload: { doc_request_attach_status: 1 } })).statusCode,
    ).toBe(404)
    expect(
      (await t.call(t.adminToken, { method: 'PATCH', url: '/api/document_request_attachment/1/', payload: { doc_request_attach_status: 5 } })).statusCode,
    ).toBe(400)
    expect((await t.call(t.adminToken, { method: 'GET', url: '/api/document_request_attachment/' })).statusCode).toBe(400)
    const viewer = await t.userWith(['requests.view'])
    expect((await t.call(viewer.token, { method: 'GET', url: '/api/document_request/check/' })).statusCode).toBe(200)
    expect((await t.call(viewer.token, { method: 'PATCH', url: '/api/document_request/1/', payload: { doc_status: 2 } })).statusCode).toBe(403)
    expect((await t.call(viewer.token, { method: 'POST', url: '/api/document_request/1/archive/' })).statusCode).toBe(403)
    expect((await t.call(viewer.token, { method: 'POST', url: '/api/document_request/1/send_to_external/' })).statusCode).toBe(403)
    expect((await t.call(viewer.token, { method: 'POST', url: '/api/document_request_attachment_comment/', payload: {} })).statusCode).toBe(403)
    const nobody = await t.userWith([])
    for (const url of [
      '/api/document_request/',
      '/api/document_request/check/',
      '/api/document_status/',
      '/api/document_type/',
      '/api/document_required_file/',
    ]) {
      expect((await t.call(nobody.token, { method: 'GET', url })).statusCode).toBe(403)
    }
    expect((await t.call(t.adminToken, { method: 'GET', url: '/api/document_status/' })).json()).toEqual([
      { doc_status_id: 1, doc_status_name: 'Новая' },
      { doc_status_id: 2, doc_status_name: 'В работе' },
      { doc_status_id: 3, doc_status_name: 'Принята' },
      { doc_status_id: 4, doc_status_name: 'Отклонена' },
    ])
  })

  it('writes the list and one application as JSON in the database exactly as the shared schema reads them, any text kept', async () => {
    const tricky = 'ООО "Кавычки" \\ слэш\nперевод\tтаб \u0001 😀 </script>'
    const filer = await t.subscriber({
      customer_number: 'Ю-1',
      customer_type: 3,
      last_name: 'Петров',
      first_name: 'Иван',
      middle_name: 'Ильич',
      company_short_name: tricky,
      company_full_name: 'x',
      company_inn: '7707083893',
      company_kpp: '773601001',
    })
    const created = { doc_request_id: await t.make.application(filer, typeId) }
    await t.database.db.execute(
      sql`update document_requests set decline_reason = ${tricky}, external_send_date = '2026-03-04 05:06:07.891234+03'
        where doc_request_id = ${created.doc_request_id}`,
    )
    const [stored] = (
      await t.database.db.execute<{ created_at: string }>(sql`select created_at::text from document_requests where doc_request_id = ${created.doc_request_id}`)
    ).rows

    for (const token of [t.adminToken, filer.token]) {
      const list = await t.call(token, { method: 'GET', url: '/api/document_request/?per_page=100' })
      expect(list.headers['content-type']).toBe('application/json; charset=utf-8')
      const row = v.parse(documentRequestList, list.json()).results.find((r) => r.doc_request_id === created.doc_request_id)!
      expect(row).toMatchObject({
        customer: { name: tricky, company_inn: '7707083893' },
        decline_reason: tricky,
        external_send_date: '2026-03-04T02:06:07.891Z',
        status: { id: 1, name: 'Новая' },
      })
      expect(row.created_at).toBe(new Date(stored!.created_at).toISOString())
      // The same application read alone comes from the same JSON.
      expect((await t.call(token, { method: 'GET', url: `/api/document_request/${created.doc_request_id}/` })).json()).toEqual(row)
    }
  })

  it('keeps each stored card as the application shows now: renames of its subscriber, filer, assignee and type, and a rename racing a filing', async () => {
    const db = t.database.db
    const stale = async () => (await db.execute<{ id: number }>(sql`select doc_request_id as id from document_requests r where card <> request_card(r)`)).rows
    const shown = async (id: number) =>
      v
        .parse(documentRequestList, (await t.call(t.adminToken, { method: 'GET', url: '/api/document_request/?per_page=100' })).json())
        .results.find((r) => r.doc_request_id === id)!
    const customerId = subscriber.customer_id
    const admin = (await t.call(t.adminToken, { method: 'GET', url: '/api/users/me/' })).json()
    const id = await t.make.application(subscriber, typeId)
    await t.call(t.adminToken, { method: 'PATCH', url: `/api/document_request/${id}/`, payload: { assigned_user_id: admin.user_id, doc_status: 2 } })
    for (const [url, payload] of [
      [`/api/customers/${customerId}/`, { last_name: 'Переименов' }],
      [`/api/users/${subscriber.user_id}/`, { first_name: 'Подавший' }],
      [`/api/users/${admin.user_id}/`, { last_name: 'Исполнитель' }],
      [`/api/document_type/${typeId}/`, { doc_type_name: 'Замена счётчика' }],
    ] as const) {
      expect((await t.call(t.adminToken, { method: 'PATCH', url, payload })).statusCode, url).toBe(200)
    }
    expect(await shown(id)).toMatchObject({
      customer: { name: 'Переименов Пётр Ильич' },
      user: { first_name: 'Подавший' },
      assigned_user: { last_name: 'Исполнитель' },
      type: { name: 'Замена счётчика' },
      status: { id: 2 },
    })
    expect(await stale()).toEqual([])

    // A filing while a rename of its subscriber is uncommitted waits for it (PostgreSQL: the share lock of the card's
    // trigger; PGlite: the one connection), so that its card shows the committed name.
    const filed = await whileUncommitted(db, sql`update customers set last_name = 'Гонкин' where customer_id = ${customerId}`, () =>
      fileApplication(subscriber.token),
    )
    const raced = filed.json().doc_request_id as number
    expect((await shown(raced)).customer.name).toBe('Гонкин Пётр Ильич')
    expect(await stale()).toEqual([])
  })

  it("keeps the staff's counts exact through filing, status changes, archiving, bulk statements, deletes and rollbacks", async () => {
    const db = t.database.db
    const accountId = (await t.call(t.adminToken, { method: 'GET', url: '/api/users/me/' })).json().account_id as number
    const actual = async (archived: boolean, status?: number) =>
      Number(
        (
          await db.execute<{ n: string }>(sql`select count(*) as n from document_requests where account_id = ${accountId}
        and archived = ${archived} and (${status ?? null}::int is null or doc_status = ${status ?? null})`)
        ).rows[0]!.n,
      )
    const agree = async () => {
      for (const archived of [false, true]) {
        for (const status of [undefined, 1, 2, 3, 4]) {
          // per_page=1 keeps the page full, so the count comes from the kept totals and not from the page's length.
          const url = `/api/document_request/?archived=${archived}&per_page=1${status ? `&status=${status}` : ''}`
          expect((await t.call(t.adminToken, { method: 'GET', url })).json().count, url).toBe(await actual(archived, status))
        }
      }
    }
    await agree()
    const filed = (await fileApplication(subscriber.token)).json()
    await fileApplication(subscriber.token)
    await agree()
    await t.call(t.adminToken, { method: 'PATCH', url: `/api/document_request/${filed.doc_request_id}/`, payload: { doc_status: 2 } })
    await agree()
    await db.execute(sql`update document_requests set archived = true where doc_request_id = ${filed.doc_request_id}`)
    await db.execute(sql`update document_requests set new_files = new_files + 1`)
    await agree()
    await db.execute(sql`insert into document_requests (account_id, customer_id, user_id, doc_type_id, doc_status, archived)
      select account_id, customer_id, user_id, doc_type_id, 1 + g % 4, g % 3 = 0 from document_requests, generate_series(1, 7) g
      where doc_request_id = ${filed.doc_request_id}`)
    await agree()
    await db.execute(sql`update document_requests set doc_status = 1 + doc_status % 4 where account_id = ${accountId}`)
    await agree()
    await db.execute(sql`delete from document_requests where doc_status = 3`)
    await agree()
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`update document_requests set archived = not archived`)
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    await agree()
  })
})

describe('request types and required files', () => {
  it('creates and edits types with defaults, links files, and checks the messages', async () => {
    const created = await t.call(t.adminToken, { method: 'POST', url: '/api/document_type/', payload: { doc_type_name: 'Подключение' } })
    expect(created.json()).toMatchObject({ doc_customer_type_id: 1, expired_in_days: 10, customer_type_name: 'Физическое лицо', required_files: [] })
    const id = created.json().doc_type_id
    expect((await t.call(t.adminToken, { method: 'POST', url: '/api/document_type/', payload: {} })).json()).toEqual({ doc_type_name: [T.requiredAlt] })
    expect(
      (await t.call(t.adminToken, { method: 'POST', url: '/api/document_type/', payload: { doc_type_name: 'X', doc_customer_type_id: 7 } })).json(),
    ).toEqual({ doc_customer_type_id: [T.customerTypeRequired] })
    expect(
      (await t.call(t.adminToken, { method: 'PATCH', url: `/api/document_type/${id}/`, payload: { doc_customer_type_id: 3, expired_in_days: 15 } })).json(),
    ).toMatchObject({ customer_type_name: 'Юридическое лицо', expired_in_days: 15 })
    const linked = await t.call(t.adminToken, {
      method: 'POST',
      url: '/api/document_required_file_link/',
      payload: { doc_type_id: id, required_files: [7, 9] },
    })
    expect(linked.json().required_files.map((f: { doc_required_file_id: number }) => f.doc_required_file_id)).toEqual([7, 9])
    const removed = await t.call(t.adminToken, { method: 'POST', url: '/api/document_required_file_link/', payload: { doc_type_id: id, required_files: [9] } })
    expect(removed.json().required_files).toHaveLength(1)
    expect(
      (await t.call(t.adminToken, { method: 'POST', url: '/api/document_required_file_link/', payload: { doc_type_id: id, required_files: [99999] } })).json(),
    ).toEqual({ required_files: [T.requiredFileUnknown] })
    expect((await t.call(t.adminToken, { method: 'GET', url: `/api/document_required_file/?document_type=${id}` })).json()).toMatchObject({
      count: 1,
      results: [{ doc_required_file_id: 9 }],
    })
    expect((await t.call(t.adminToken, { method: 'GET', url: '/api/document_type/?per_page=1&page=1' })).json().results).toHaveLength(1)
    expect((await t.call(t.adminToken, { method: 'PATCH', url: '/api/document_type/99999/', payload: { doc_type_name: 'x' } })).statusCode).toBe(404)
  })

  it('keeps id 24 as the closing documents, creates files, uploads and downloads a sample', async () => {
    const list = await t.call(t.adminToken, { method: 'GET', url: '/api/document_required_file/?per_page=50&page=1' })
    expect(list.json().results.find((f: { doc_required_file_id: number }) => f.doc_required_file_id === 24)).toMatchObject({
      doc_required_file_name: 'Закрывающие документы',
    })
    expect((await t.call(t.adminToken, { method: 'POST', url: '/api/document_required_file/', payload: { doc_required_file_name: ' ' } })).json()).toEqual({
      doc_required_file_name: [T.requiredAlt],
      short_file_name: [T.requiredAlt],
    })
    const created = await t.call(t.adminToken, {
      method: 'POST',
      url: '/api/document_required_file/',
      payload: { doc_required_file_name: 'Схема подключения', short_file_name: 'Схема' },
    })
    expect(created.statusCode).toBe(201)
    const id = created.json().doc_required_file_id
    expect(id).toBeGreaterThan(24)
    expect((await t.call(t.adminToken, { method: 'PATCH', url: `/api/document_required_file/${id}/`, payload: { short_file_name: '' } })).json()).toEqual({
      short_file_name: [T.requiredAlt],
    })
    const sample = multipart({}, [{ field: 'files', name: 'обравец.pdf', content: tinyPdf('sample') }])
    const uploaded = await t.call(t.adminToken, {
      method: 'PATCH',
      url: `/api/document_required_file/${id}/`,
      payload: sample.payload,
      headers: sample.headers,
    })
    expect(uploaded.json().doc_required_file_example.real_file_name).toBe('обравец.pdf')
    const download = await t.call(subscriber.token, { method: 'GET', url: `/api/download/${uploaded.json().doc_required_file_example.file_name}` })
    expect(download.statusCode).toBe(200)
    const big = multipart({}, [{ field: 'files', name: 'big.pdf', content: Buffer.alloc(FILE_MAX_BYTES + 1) }])
    expect(
      (await t.call(t.adminToken, { method: 'PATCH', url: `/api/document_required_file/${id}/`, payload: big.payload, headers: big.headers })).statusCode,
    ).toBe(413)
    const viewer = await t.userWith(['requests.view'])
    expect(
      (await t.call(viewer.token, { method: 'POST', url: '/api/document_required_file/', payload: { doc_required_file_name: 'a', short_file_name: 'b' } }))
        .statusCode,
    ).toBe(403)
    expect((await t.call(viewer.token, { method: 'POST', url: '/api/document_type/', payload: { doc_type_name: 'a' } })).statusCode).toBe(403)
    expect(
      (await t.call(viewer.token, { method: 'POST', url: '/api/document_required_file_link/', payload: { doc_type_id: 1, required_files: [] } })).statusCode,
    ).toBe(403)
  })
})

// Found from the attacker's side: what a multipart form could slip past the checks.
describe('multipart forms', () => {
  const samplePatch = async (files: { field: string; name: string; content: Buffer }[]) => {
    const body = multipart({}, files)
    return t.call(t.adminToken, { method: 'PATCH', url: '/api/document_required_file/1/', payload: body.payload, headers: body.headers })
  }

  it('leaves no file behind when a sample upload carries two files or none, and says which', async () => {
    const before = storedCount()
    const two = await samplePatch([
      { field: 'files', name: 'a.pdf', content: tinyPdf('a') },
      { field: 'files', name: 'b.pdf', content: tinyPdf('b') },
    ])
    expect(two.statusCode).toBe(400)
    expect(two.json()).toEqual({ files: [T.oneFileOnly] })
    expect((await samplePatch([])).json()).toEqual({ files: [T.fileMissing] })
    expect(storedCount()).toBe(before)
  })

  it('refuses an empty file, a field sent twice and a field over its limit, storing nothing', async () => {
    const before = storedCount()
    const empty = await fileApplication(subscriber.token, [file(1), file(2, 'x.txt', Buffer.alloc(0))])
    expect(empty.statusCode).toBe(400)
    expect(empty.json()).toEqual({ file_2: [T.fileEmpty] })
    const twice = await fileApplication(
      subscriber.token,
      [file(1), file(2, 'passport.png', TINY_PNG)],
      [
        ['doc_type_id', typeId],
        ['doc_type_id', 999],
      ],
    )
    expect(twice.json()).toEqual({ doc_type_id: [T.fieldTwice] })
    const long = await fileApplication(subscriber.token, [file(1), file(2, 'passport.png', TINY_PNG)], [['doc_type_id', `${typeId}${' '.repeat(20_000)}`]])
    expect(long.json()).toEqual({ doc_type_id: [T.tooLong(10_000)] })
    expect(storedCount()).toBe(before)
  })

  it('keeps the names of files as they can be read: no control or invisible characters, no half of a character', async () => {
    const named = async (name: string) => {
      const res = await fileApplication(subscriber.token, [file(1, name), file(2, 'passport.png', TINY_PNG)])
      expect(res.statusCode, JSON.stringify(name)).toBe(201)
      const attachments = await t.call(subscriber.token, { method: 'GET', url: `/api/document_request_attachment/?document_id=${res.json().doc_request_id}` })
      return attachments.json()[0].real_file_name as string
    }
    expect(await named('c\u0001\u001bd.pdf')).toBe('cd.pdf')
    expect(await named('x\u202Efdp.pdf')).toBe('xfdp.pdf')
    const long = await named(`😀${'a'.repeat(250)}.pdf`)
    expect(long).toBe(`😀${'a'.repeat(250)}.pdf`)
    expect(await named(`😀😀${'a'.repeat(250)}.pdf`)).toBe(`😀${'a'.repeat(250)}.pdf`)
  })

  it("refuses control characters in an attachment's refusal comment, as the comment route does", async () => {
    const filed = (await fileApplication(subscriber.token)).json()
    const [attachment] = (await t.call(t.adminToken, { method: 'GET', url: `/api/document_request_attachment/?document_id=${filed.doc_request_id}` })).json()
    const res = await t.call(t.adminToken, {
      method: 'PATCH',
      url: `/api/document_request_attachment/${attachment.doc_request_attach_id}/`,
      payload: { doc_request_attach_status: 2, doc_attachment_comment: 'Плохо\u0007\u000b' },
    })
    expect(res.json()).toEqual({ doc_attachment_comment: [T.controlCharacters] })
  })
})
