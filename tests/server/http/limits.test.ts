import { existsSync, mkdirSync, readdirSync, watch } from 'node:fs'
import { connect } from 'node:net'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ATTACH_STATUS_DECLINED, PAGE_SIZE_MAX } from '../../../src/shared/constants'
import { T } from '../../../src/shared/texts'
import { FILING_RETRY_AFTER_S } from '../../../src/server/files/filing-limits'
import { tinyPdf } from '../../../src/server/files/sample-files'
import { multipart, type UploadFile } from '../../helpers/multipart'
import { startTestApp, type TestApp } from '../../helpers/test-app'
import { SMTP_USER, startTestSmtp, type TestSmtp } from '../../helpers/test-smtp'

/** Small limits, so that the tests reach them with small files. */
const QUOTA_BYTES = 1024 * 1024
const PER_DAY = 3
const COMMENTS_PER_DAY = 4

let t: TestApp
let smtp: TestSmtp
let typeId: number

beforeAll(async () => {
  t = await startTestApp({
    config: { subscriberUploadQuotaBytes: QUOTA_BYTES, subscriberApplicationsPerDay: PER_DAY, subscriberCommentsPerDay: COMMENTS_PER_DAY },
  })
  typeId = await t.make.requestType({ doc_type_name: 'Технологическое присоединение' }, [1, 2])
  smtp = await startTestSmtp()
})
afterAll(async () => {
  await smtp.close()
  await t.close()
})

const pdf = (field: string, name: string, content: Buffer = tinyPdf(name)): UploadFile => ({ field, name, content, type: 'application/pdf' })
const bothFiles = (tag = 'a') => [pdf('file_1', `zayavlenie-${tag}.pdf`), pdf('file_2', `passport-${tag}.pdf`)]
const fileApplication = (
  token: string,
  files: UploadFile[],
  headers: Record<string, string> = {},
  fields: Record<string, string | number> = { doc_type_id: typeId },
) => {
  const body = multipart(fields, files)
  return t.call(token, { method: 'POST', url: '/api/document_request/', payload: body.payload, headers: { ...body.headers, ...headers } })
}
/** The first attachment of an application, as its subscriber sees it. */
const firstAttachment = async (token: string, docRequestId: number) =>
  (await t.call(token, { method: 'GET', url: `/api/document_request_attachment/?document_id=${docRequestId}` })).json()[0]
const storedNames = () => {
  const dir = path.join(t.app.config.dataDir, 'files')
  return existsSync(dir) ? readdirSync(dir) : []
}
const storedCount = () => storedNames().length
/** The names of the files created in the files folder while `work` runs, even those removed again before it ends. */
async function filesCreatedDuring(work: () => Promise<unknown>): Promise<Set<string>> {
  const dir = path.join(t.app.config.dataDir, 'files')
  mkdirSync(dir, { recursive: true })
  const names = new Set<string>()
  const watcher = watch(dir, (_event, name) => name && names.add(name))
  try {
    await work()
    // The folder's events arrive after the writes they tell of.
    await new Promise((resolve) => setTimeout(resolve, 200))
  } finally {
    watcher.close()
  }
  return names
}

/**
 * A filing sent over a socket a part at a time, as a slow upload arrives: the head and `first` now, the rest when
 * `finish` is called, which answers the status.
 */
async function slowFiling(token: string, first: Buffer): Promise<{ finish: (rest: Buffer) => Promise<number> }> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' })
  const socket = connect((t.app.server.address() as { port: number }).port, '127.0.0.1')
  const answer = new Promise<number>((resolve, reject) => {
    let text = ''
    socket.on('data', (chunk) => (text += chunk.toString('latin1')))
    socket.on('error', reject)
    socket.on('end', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1])))
  })
  const chunk = (bytes: Buffer) => socket.write(Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from('\r\n')]))
  socket.write(
    `POST /api/document_request/ HTTP/1.1\r\nHost: x\r\nAuthorization: JWT ${token}\r\nConnection: close\r\n` +
      `Content-Type: multipart/form-data; boundary=slow\r\nTransfer-Encoding: chunked\r\n\r\n`,
  )
  chunk(first)
  return {
    finish: async (rest) => {
      chunk(rest)
      socket.write('0\r\n\r\n')
      return answer
    },
  }
}
const slowPart = (name: string, content: Buffer | string, fileName?: string) =>
  Buffer.concat([
    Buffer.from(`--slow\r\nContent-Disposition: form-data; name="${name}"${fileName ? `; filename="${fileName}"` : ''}\r\n\r\n`),
    Buffer.from(content),
    Buffer.from('\r\n'),
  ])
/** Waits until the files folder holds more than `count` files. */
async function untilStored(count: number) {
  for (let waited = 0; storedCount() <= count; waited += 20) {
    if (waited > 5000) throw new Error('the filing wrote nothing')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe('lists and periods', () => {
  it('refuses page_size=all on the task logs and the audit, and keeps it on the lists the offline mirror reads', async () => {
    for (const url of ['/api/tasks_logs/?task_id=1&page_size=all', '/api/audit/?page_size=all']) {
      const res = await t.call(t.adminToken, { method: 'GET', url })
      expect(res.statusCode, url).toBe(400)
      expect(res.json(), url).toEqual({ page_size: [T.pageSizeAllRefused(PAGE_SIZE_MAX)] })
    }
    for (const url of [`/api/tasks_logs/?task_id=1&page_size=${PAGE_SIZE_MAX}`, `/api/audit/?page_size=${PAGE_SIZE_MAX}`, '/api/audit/?per_page=50&page=2']) {
      expect((await t.call(t.adminToken, { method: 'GET', url })).statusCode, url).toBe(200)
    }
    for (const url of ['/api/points/', '/api/counters/', '/api/represents/', '/api/customers/']) {
      expect((await t.call(t.adminToken, { method: 'GET', url: `${url}?page_size=all` })).statusCode, url).toBe(200)
    }
  })

  it('bounds the period of every profile, readings and report request', async () => {
    const get = (url: string) => t.call(t.adminToken, { method: 'GET', url })
    const profile = (query: string) => get(`/api/counters_profile_data/?point_id=999999&parameter_id=1&${query}`)
    expect((await profile('beg_date=1900-01-01&end_date=2099-12-31')).json()).toEqual({ end_date: [T.periodTooLong(93)] })
    expect((await profile('interval=525600&beg_date=1900-01-01&end_date=2099-12-31')).json()).toEqual({ end_date: [T.periodTooLong(3660)] })
    expect((await profile('interval=1440&beg_date=2025-01-01T00:00:00Z&end_date=2035-01-10T00:00:00Z')).json()).toEqual({ end_date: [T.periodTooLong(3660)] })
    // Within the bounds the request goes on (and finds no such point).
    expect((await profile('beg_date=2026-01-01&end_date=2026-04-03')).statusCode).toBe(404)
    expect((await profile('interval=1440&beg_date=2025-01-01T00:00:00Z&end_date=2035-01-09T00:00:00Z')).statusCode).toBe(404)

    const objectId = (await t.call(t.adminToken, { method: 'POST', url: '/api/represents/', payload: { name: 'ТП-лимиты' } })).json().represent_id
    const wide = 'beginDate=1900-01-01&endDate=2099-12-31'
    expect((await get(`/api/represents/${objectId}/points_profile_data/?${wide}`)).json()).toEqual({ endDate: [T.periodTooLong(93)] })
    expect((await get(`/api/represents/${objectId}/points_profile_csv/?${wide}&interval=525600`)).json()).toEqual({ endDate: [T.periodTooLong(3660)] })
    expect((await get(`/api/represents/${objectId}/points_counters_values/?${wide}`)).json()).toEqual({ endDate: [T.periodTooLong(366)] })
    expect((await get(`/api/represents/${objectId}/points_counter_values_csv/?${wide}`)).json()).toEqual({ endDate: [T.periodTooLong(366)] })
    const report = await t.call(t.adminToken, {
      method: 'POST',
      url: '/api/get_report/?report=Form010Report&beg_date=1900-01-01&end_date=2099-12-31&points_id=1',
    })
    expect(report.json()).toEqual({ end_date: [T.reportPeriodTooLong(366)] })
  })
})

describe('applications of a subscriber', () => {
  it('takes one file per required file: a second one for the same required file is refused before anything is kept', async () => {
    const subscriber = await t.subscriber()
    const before = storedCount()
    const twice = await fileApplication(subscriber.token, [...bothFiles(), pdf('file_1', 'again.pdf')])
    expect(twice.statusCode).toBe(400)
    expect(twice.json()).toEqual({ file_1: [T.requiredFileTwice] })
    // Another spelling of the same required file is the same required file.
    const spelled = await fileApplication(subscriber.token, [...bothFiles(), pdf('files_2', 'again.pdf')])
    expect(spelled.json()).toEqual({ files_2: [T.requiredFileTwice] })
    expect(storedCount()).toBe(before)
    expect((await fileApplication(subscriber.token, bothFiles())).statusCode).toBe(201)
  })

  it("keeps a subscriber's files within the upload quota", async () => {
    const subscriber = await t.subscriber()
    const big = (field: string) => pdf(field, `${field}.pdf`, Buffer.alloc(Math.floor(QUOTA_BYTES / 5), 1))
    expect((await fileApplication(subscriber.token, [big('file_1'), big('file_2')])).statusCode).toBe(201)
    expect((await fileApplication(subscriber.token, [big('file_1'), big('file_2')])).statusCode).toBe(201)
    const before = storedCount()
    const over = await fileApplication(subscriber.token, [big('file_1'), big('file_2')])
    expect(over.statusCode).toBe(400)
    expect(over.json()).toEqual({ non_field_errors: [T.uploadQuotaExceeded(1)] })
    expect(storedCount()).toBe(before)
    // One request over the whole quota stops being read at the quota.
    const huge = await t.subscriber()
    const half = (field: string) => pdf(field, `${field}.pdf`, Buffer.alloc(QUOTA_BYTES / 2 + 1, 1))
    expect((await fileApplication(huge.token, [half('file_1'), half('file_2')])).json()).toEqual({ non_field_errors: [T.uploadQuotaExceeded(1)] })
    expect(storedCount()).toBe(before)
    // The quota is the subscriber's: another one files as usual, and small files still fit.
    expect((await fileApplication((await t.subscriber()).token, [big('file_1'), big('file_2')])).statusCode).toBe(201)
    expect((await fileApplication(subscriber.token, bothFiles())).statusCode).toBe(201)
  })

  it('takes at most the configured number of applications per subscriber a day', async () => {
    const subscriber = await t.subscriber()
    for (let i = 0; i < PER_DAY; i++) expect((await fileApplication(subscriber.token, bothFiles(String(i)))).statusCode).toBe(201)
    const before = storedCount()
    const refused = await fileApplication(subscriber.token, bothFiles('x'))
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toEqual({ non_field_errors: [T.applicationsPerDayExceeded(PER_DAY)] })
    expect(storedCount()).toBe(before)
    // Filings at once are read one at a time: the others are told to wait (the filing's lock on the count is for
    // several server processes, each with its own slots).
    const racing = await t.subscriber()
    const answers = await Promise.all(Array.from({ length: PER_DAY + 2 }, (_, i) => fileApplication(racing.token, bothFiles(`r${i}`))))
    const codes = answers.map((r) => r.statusCode)
    expect(codes.filter((code) => code === 201).length).toBeLessThanOrEqual(PER_DAY)
    expect(codes.filter((code) => code !== 201)).toContain(429)
    expect(codes.every((code) => code === 201 || code === 429)).toBe(true)
    // A day later the subscriber may file again.
    await t.database.db.execute(sql`update document_requests set created_at = created_at - interval '1 day' where user_id = ${subscriber.user_id}`)
    expect((await fileApplication(subscriber.token, bothFiles('y'))).statusCode).toBe(201)
  })

  // Found from the attacker's side: comments had no limit, and each answer was the attachment with its whole thread,
  // kept again under every Idempotency-Key: 900 comments of 2 KB filled 540 KB of disk per further comment.
  it('takes at most the configured number of comments per subscriber a day, and answers each with itself', async () => {
    const subscriber = await t.subscriber()
    const filed = (await fileApplication(subscriber.token, bothFiles('c'))).json()
    const attach = await firstAttachment(subscriber.token, filed.doc_request_id)
    const comment = (token: string, text: string, key: string) =>
      t.call(token, {
        method: 'POST',
        url: '/api/document_request_attachment_comment/',
        headers: { 'idempotency-key': key },
        payload: { doc_attachment: attach.doc_request_attach_id, doc_request_id: filed.doc_request_id, doc_attachment_comment: text },
      })
    const long = 'ж'.repeat(2000)
    for (let i = 0; i < COMMENTS_PER_DAY; i++) {
      const answer = await comment(subscriber.token, long, `c${i}`)
      expect(answer.statusCode).toBe(201)
      // the comment alone, however long the thread: a kept answer does not grow with it
      expect(Object.keys(answer.json()).sort()).toEqual(['created_at', 'created_by', 'doc_attachment_comment', 'doc_attachment_comment_id'])
      expect(answer.json()).toMatchObject({ doc_attachment_comment: long, created_by: { user_id: subscriber.user_id, is_stuff: false } })
    }
    const refused = await comment(subscriber.token, 'ещё', 'over')
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toEqual({ non_field_errors: [T.commentsPerDayExceeded(COMMENTS_PER_DAY)] })
    // A retry of an accepted comment is still its answer; staff are not counted.
    expect((await comment(subscriber.token, long, 'c0')).headers['idempotent-replayed']).toBe('true')
    expect((await comment(t.adminToken, 'Принято', 'staff')).statusCode).toBe(201)
    await t.database.db.execute(
      sql`update document_attachment_comments set created_at = created_at - interval '1 day' where created_by = ${subscriber.user_id}`,
    )
    expect((await comment(subscriber.token, 'На следующий день', 'next-day')).statusCode).toBe(201)
  })

  it('refuses a subscriber at its daily count before reading the body: nothing reaches the files folder', async () => {
    const subscriber = await t.subscriber()
    for (let i = 0; i < PER_DAY - 1; i++) expect((await fileApplication(subscriber.token, bothFiles(String(i)))).statusCode).toBe(201)
    const key = { 'idempotency-key': 'the-last-of-the-day' }
    const last = await fileApplication(subscriber.token, bothFiles('last'), key)
    expect(last.statusCode).toBe(201)
    const before = storedCount()
    const big = (field: string) => pdf(field, `${field}.pdf`, Buffer.alloc(QUOTA_BYTES / 8, 1))
    let answers: { statusCode: number; json: () => unknown }[] = []
    const created = await filesCreatedDuring(async () => {
      answers = await Promise.all([1, 2, 3, 4].map(() => fileApplication(subscriber.token, [big('file_1'), big('file_2')])))
    })
    // Refused at the count, or while another of them is read.
    for (const answer of answers) {
      expect([400, 429]).toContain(answer.statusCode)
      if (answer.statusCode === 400) expect(answer.json()).toEqual({ non_field_errors: [T.applicationsPerDayExceeded(PER_DAY)] })
    }
    expect(answers.map((answer) => answer.statusCode)).toContain(400)
    expect([...created]).toEqual([])
    expect(storedCount()).toBe(before)
    // A retry of the day's last filing under its key is still its answer, not a refusal by itself.
    const replay = await fileApplication(subscriber.token, bothFiles('last'), key)
    expect(replay.statusCode).toBe(201)
    expect(replay.headers['idempotent-replayed']).toBe('true')
    expect(storedCount()).toBe(before)
  })

  // Found from the attacker's side: any key the subscriber had used (a comment's) let a filing's body be written to
  // disk, up to the whole quota per request, before the key's 422.
  it('writes nothing to disk for a filing under a used key: its replay is answered, another body refused', async () => {
    const subscriber = await t.subscriber()
    const filed = await fileApplication(subscriber.token, bothFiles('k'), { 'idempotency-key': 'filed' })
    expect(filed.statusCode).toBe(201)
    const attach = await firstAttachment(subscriber.token, filed.json().doc_request_id)
    const comment = await t.call(subscriber.token, {
      method: 'POST',
      url: '/api/document_request_attachment_comment/',
      headers: { 'idempotency-key': 'a-comment' },
      payload: { doc_attachment: attach.doc_request_attach_id, doc_request_id: filed.json().doc_request_id, doc_attachment_comment: 'Вопрос' },
    })
    expect(comment.statusCode).toBe(201)
    const big = (field: string) => pdf(field, `${field}.pdf`, Buffer.alloc(QUOTA_BYTES / 4, 1))
    let answers: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }[] = []
    const created = await filesCreatedDuring(async () => {
      answers = await Promise.all([
        fileApplication(subscriber.token, bothFiles('k'), { 'idempotency-key': 'filed' }),
        ...[1, 2].map(() => fileApplication(subscriber.token, [big('file_1'), big('file_2')], { 'idempotency-key': 'a-comment' })),
      ])
    })
    const [replay, ...reused] = answers
    expect(replay!.statusCode).toBe(201)
    expect(replay!.headers['idempotent-replayed']).toBe('true')
    for (const answer of reused) {
      expect(answer.statusCode).toBe(422)
      expect(answer.json()).toEqual({ detail: T.idempotencyReuse })
    }
    expect([...created]).toEqual([])
  })

  // Found from the attacker's side: a refusal's reason joins the file's thread, and the answer, the attachment with the
  // whole thread, was kept under every key: 300 refusals of 2 KB under fresh keys filled 208 MB.
  it("keeps no copy of a file's thread under the key of a status change: a replay answers the file as it is now", async () => {
    const subscriber = await t.subscriber()
    const filed = (await fileApplication(subscriber.token, bothFiles('d'))).json()
    const attach = await firstAttachment(subscriber.token, filed.doc_request_id)
    const staff = await t.userWith(['requests.view', 'requests.change'])
    const refuse = (key: string) =>
      t.call(staff.token, {
        method: 'PATCH',
        url: `/api/document_request_attachment/${attach.doc_request_attach_id}/`,
        headers: { 'idempotency-key': key },
        payload: { doc_request_attach_status: ATTACH_STATUS_DECLINED, doc_attachment_comment: 'ж'.repeat(2000) },
      })
    for (let i = 0; i < 5; i++) expect((await refuse(`refuse-${i}`)).json().comments).toHaveLength(i + 1)
    const kept = await t.database.db.execute<{ bytes: number }>(
      sql`select coalesce(sum(length(response::text)), 0)::int as bytes from idempotency_keys where user_id = ${staff.user_id}`,
    )
    expect(kept.rows[0]!.bytes).toBeLessThan(100)
    const replayed = await refuse('refuse-0')
    expect(replayed.statusCode).toBe(200)
    expect(replayed.headers['idempotent-replayed']).toBe('true')
    // Applied once: the thread is as five refusals left it.
    expect(replayed.json()).toMatchObject({ doc_request_attach_id: attach.doc_request_attach_id, doc_request_attach_status: ATTACH_STATUS_DECLINED })
    expect(replayed.json().comments).toHaveLength(5)
  })

  // Found from the attacker's side: every viewed mark kept its answer, the attachment with its whole thread, under
  // its key: 200 marks under fresh keys stored 44 MB.
  it('keeps no answer of a viewed mark under its key: marking again answers the same', async () => {
    const subscriber = await t.subscriber()
    const filed = (await fileApplication(subscriber.token, bothFiles('v'))).json()
    const attach = await firstAttachment(subscriber.token, filed.doc_request_id)
    const keys = async (userId: number) =>
      (await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from idempotency_keys where user_id = ${userId}`)).rows[0]!.n
    const staff = await t.userWith(['requests.view', 'requests.change'])
    const before = { subscriber: await keys(subscriber.user_id), staff: await keys(staff.user_id) }
    for (let i = 0; i < 3; i++) {
      const headers = { 'idempotency-key': `viewed-${i}` }
      const marked = await t.call(subscriber.token, {
        method: 'POST',
        url: `/api/document_request_attachment/${attach.doc_request_attach_id}/viewed/`,
        headers,
      })
      expect(marked.statusCode).toBe(200)
      expect(marked.json()).toMatchObject({ doc_request_attach_id: attach.doc_request_attach_id, comments_user_unviewed: 0 })
      for (const action of ['viewed', 'archive', 'unarchive']) {
        const url = `/api/document_request/${filed.doc_request_id}/${action}/`
        expect((await t.call(staff.token, { method: 'POST', url, headers: { 'idempotency-key': `${action}-${i}` } })).statusCode).toBe(200)
      }
    }
    expect({ subscriber: await keys(subscriber.user_id), staff: await keys(staff.user_id) }).toEqual(before)
  })

  it('stops reading a filing at what is left of the quota', async () => {
    const subscriber = await t.subscriber()
    const fifth = (field: string) => pdf(field, `${field}.pdf`, Buffer.alloc(QUOTA_BYTES / 5, 1))
    expect((await fileApplication(subscriber.token, [fifth('file_1'), fifth('file_2')])).statusCode).toBe(201)
    expect((await fileApplication(subscriber.token, [fifth('file_1'), fifth('file_2')])).statusCode).toBe(201)
    // A fifth of the quota is left: a first file past it is cut off, and the second is never started.
    const before = storedCount()
    let over: { statusCode: number; json: () => unknown } | undefined
    const created = await filesCreatedDuring(async () => {
      over = await fileApplication(subscriber.token, [pdf('file_1', 'big.pdf', Buffer.alloc(QUOTA_BYTES / 4, 1)), pdf('file_2', 'small.pdf')])
    })
    expect(over!.statusCode).toBe(400)
    expect(over!.json()).toEqual({ non_field_errors: [T.uploadQuotaExceeded(1)] })
    expect(created.size).toBe(1)
    expect(storedCount()).toBe(before)
    // What fits in what is left is filed.
    expect((await fileApplication(subscriber.token, bothFiles())).statusCode).toBe(201)
  })

  // Found from the attacker's side: every byte of a filing was written before its type and its files' fields were
  // checked, so four filings of an unknown type at once kept 755 MB on disk until they were refused.
  it("checks each file against the filing's type as it arrives: a refused type or field writes nothing", async () => {
    const subscriber = await t.subscriber()
    const company = await t.make.requestType({ doc_type_name: 'Для юридических лиц', doc_customer_type_id: 3 }, [1])
    const big = (field: string) => pdf(field, `${field}.pdf`, Buffer.alloc(QUOTA_BYTES / 8, 1))
    // The refusal, and how many files before the refused one were written (and removed again).
    const refusals: [Record<string, string | number>, UploadFile[], unknown, number][] = [
      [{ doc_type_id: 99999 }, [big('file_1'), big('file_2')], { doc_type_id: [T.requestTypeUnknown] }, 0],
      [{ doc_type_id: company }, [big('file_1')], { doc_type_id: [T.requestTypeOfOtherCustomers('Юридическое лицо')] }, 0],
      [{ doc_type_id: typeId }, [big('file_7'), big('file_1'), big('file_2')], { file_7: [T.requiredFileUnknown] }, 0],
      [{ doc_type_id: typeId }, [big('file_1'), big('attachment'), big('file_2')], { attachment: [T.requiredFileUnknown] }, 1],
      // No type before the files: they are written unchecked, then refused and removed.
      [{}, [big('file_1'), big('file_2')], { doc_type_id: [T.mustBeInteger] }, 2],
    ]
    const before = storedCount()
    for (const [fields, files, refusal, written] of refusals) {
      let answer: { statusCode: number; json: () => unknown } | undefined
      const created = await filesCreatedDuring(async () => (answer = await fileApplication(subscriber.token, files, {}, fields)))
      expect(answer!.statusCode, JSON.stringify(fields)).toBe(400)
      expect(answer!.json()).toEqual(refusal)
      expect(created.size, JSON.stringify(refusal)).toBe(written)
    }
    expect(storedCount()).toBe(before)
    expect((await fileApplication(subscriber.token, bothFiles())).statusCode).toBe(201)
  })

  // Found from the attacker's side: filings of one subscriber sent at once were each given the whole room of its quota,
  // so three of them held open kept 2.7 MB on disk against a quota of 1 MB.
  it('reads one filing of a subscriber at a time: another sent meanwhile is refused at once and writes nothing', async () => {
    const subscriber = await t.subscriber()
    const before = storedCount()
    const held = await slowFiling(
      subscriber.token,
      Buffer.concat([slowPart('doc_type_id', String(typeId)), slowPart('file_1', Buffer.alloc(900 * 1024, 1), 'a.pdf')]),
    )
    await untilStored(before)
    const heldFiles = new Set(storedNames())
    let meanwhile: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }[] = []
    const created = await filesCreatedDuring(async () => {
      meanwhile = await Promise.all([1, 2].map((i) => fileApplication(subscriber.token, bothFiles(`m${i}`))))
    })
    for (const answer of meanwhile) {
      expect(answer.statusCode).toBe(429)
      expect(answer.json()).toEqual({ detail: T.filingInProgress, retry_after: FILING_RETRY_AFTER_S })
      expect(answer.headers['retry-after']).toBe(String(FILING_RETRY_AFTER_S))
    }
    expect([...created].filter((name) => !heldFiles.has(name))).toEqual([])
    // Another subscriber is not held up.
    expect((await fileApplication((await t.subscriber()).token, bothFiles('o'))).statusCode).toBe(201)
    expect(await held.finish(Buffer.concat([slowPart('file_2', tinyPdf('b'), 'b.pdf'), Buffer.from('--slow--\r\n')]))).toBe(201)
    // Once it is filed, the next one is read against what it left of the quota.
    const rest = await fileApplication(subscriber.token, [pdf('file_1', 'c.pdf', Buffer.alloc(QUOTA_BYTES / 5, 1)), pdf('file_2', 'd.pdf')])
    expect(rest.json()).toEqual({ non_field_errors: [T.uploadQuotaExceeded(1)] })
    expect((await fileApplication(subscriber.token, bothFiles('e'))).statusCode).toBe(201)
  })

  it('hashes every part of a multipart body for the Idempotency-Key: the same key with other files is 422', async () => {
    const subscriber = await t.subscriber()
    const key = { 'idempotency-key': 'file-once' }
    const first = await fileApplication(subscriber.token, bothFiles(), key)
    expect(first.statusCode).toBe(201)
    const replay = await fileApplication(subscriber.token, bothFiles(), key)
    expect(replay.headers['idempotent-replayed']).toBe('true')
    expect(replay.json().doc_request_id).toBe(first.json().doc_request_id)
    const [a, b] = bothFiles()
    for (const files of [
      [a!, pdf('file_2', 'passport-a.pdf', tinyPdf('other bytes'))],
      [a!, pdf('file_2', 'other-name.pdf', b!.content as Buffer)],
      [a!, { ...b!, field: 'files_2' }],
      [a!],
    ]) {
      const reused = await fileApplication(subscriber.token, files, key)
      expect(reused.statusCode).toBe(422)
      expect(reused.json()).toEqual({ detail: T.idempotencyReuse })
    }
    expect((await fileApplication(subscriber.token, bothFiles(), key, { doc_type_id: typeId, note: 'x' })).statusCode).toBe(422)
    const listed = await t.call(subscriber.token, { method: 'GET', url: '/api/document_request/' })
    expect(listed.json().count).toBe(1)
  })
})

describe('sending an application to the energy-sales company', () => {
  it('records the mail with the change, sends it once after commit, and never twice for a retry or a second click', async () => {
    const subscriber = await t.subscriber()
    // Each application's files carry its tag: the mails are told apart by their attachments' names.
    const filed = async (tag: string) => (await fileApplication(subscriber.token, bothFiles(tag))).json().doc_request_id as number
    const send = (id: number, headers: Record<string, string> = {}) =>
      t.call(t.adminToken, { method: 'POST', url: `/api/document_request/${id}/send_to_external/`, headers })
    const mailsOf = (tag: string) => smtp.mails.filter((m) => m.raw.includes(`filename=zayavlenie-${tag}.pdf`))
    const account = await t.call(t.adminToken, {
      method: 'POST',
      url: '/api/account_emails/',
      payload: { name: 'Робот', smtp_host: '127.0.0.1', smtp_port: smtp.port, smtp_user: SMTP_USER.user, smtp_password: 'wrong', smtp_encryption: 'SSL' },
    })
    const password = (smtp_password: string) =>
      t.call(t.adminToken, { method: 'PATCH', url: `/api/account_emails/${account.json().account_email_id}/`, payload: { smtp_password } })

    // A failed send is reported as before and leaves the application unsent; its retry with the same key sends it.
    const id = await filed('first')
    const failed = await send(id, { 'idempotency-key': 'send-1' })
    expect(failed.statusCode).toBe(502)
    expect(failed.json()).toEqual({ detail: T.externalSendFailed })
    expect((await t.call(t.adminToken, { method: 'GET', url: `/api/document_request/${id}/` })).json().external_send_date).toBeNull()
    expect(mailsOf('first')).toHaveLength(0)
    await password(SMTP_USER.pass)
    const sent = await send(id, { 'idempotency-key': 'send-1' })
    expect(sent.statusCode).toBe(200)
    expect(sent.json().external_send_date).not.toBeNull()

    // The same key again, and a second click without one: the one mail already sent answers both.
    const replay = await send(id, { 'idempotency-key': 'send-1' })
    expect(replay.statusCode).toBe(200)
    expect(replay.json().external_send_date).toBe(sent.json().external_send_date)
    const again = await send(id)
    expect(again.statusCode).toBe(200)
    expect(again.json().external_send_date).toBe(sent.json().external_send_date)
    expect(mailsOf('first')).toHaveLength(1)

    // Clicks at once (on PostgreSQL each in its own connection): one mail.
    const other = await filed('second')
    const clicks = await Promise.all(Array.from({ length: 4 }, () => send(other)))
    expect(clicks.map((r) => r.statusCode)).toEqual([200, 200, 200, 200])
    expect(mailsOf('second')).toHaveLength(1)

    // A changed application (a closing file added) is a new mail.
    const closing = multipart({ doc_request_id: id }, [pdf('files_24', 'akt.pdf')])
    expect(
      (await t.call(t.adminToken, { method: 'POST', url: '/api/document_close_file/', payload: closing.payload, headers: closing.headers })).statusCode,
    ).toBe(201)
    expect((await send(id)).statusCode).toBe(200)
    expect(mailsOf('first')).toHaveLength(2)
    expect(mailsOf('first')[1]!.raw).toContain('filename=akt.pdf')

    const recorded = await t.database.db.execute<{ state: string; n: number }>(
      sql`select state, count(*)::int as n from outgoing_mails where doc_request_id in (${id}, ${other}) group by state order by state`,
    )
    expect(recorded.rows).toEqual([{ state: 'sent', n: 3 }])
  })
})
