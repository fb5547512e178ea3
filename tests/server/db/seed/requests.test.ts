import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DOC_STATUSES } from '../../../../src/shared/constants'
import { seedDemoStaff } from '../../../../src/server/db/seed/base'
import { seedRequests } from '../../../../src/server/db/seed/requests'
import { customerFieldErrors } from '../../../../src/shared/validation/customer'
import { startTestApp, type TestApp } from '../../../helpers/test-app'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
  await seedDemoStaff(t.database.db, t.base)
  await seedRequests(t.database.db, t.base, { adminUsername: 'admin', demo: true, dataDir: t.app.config.dataDir })
})
afterAll(() => t.close())

describe('demo step requests', () => {
  it('files applications in every status, archived ones included, for valid subscribers', async () => {
    const open = (await t.call(t.adminToken, { method: 'GET', url: '/api/document_request/?archived=false' })).json()
    const archived = (await t.call(t.adminToken, { method: 'GET', url: '/api/document_request/?archived=true' })).json()
    expect(new Set(open.results.map((r: { status: { id: number } }) => r.status.id))).toEqual(new Set(Object.keys(DOC_STATUSES).map(Number)))
    expect(archived.count).toBeGreaterThan(0)
    const declined = open.results.find((r: { status: { id: number } }) => r.status.id === 4)
    expect(declined.decline_reason).not.toBe('')
    const customers = (await t.call(t.adminToken, { method: 'GET', url: '/api/customers/?page_size=all' })).json().results
    for (const { customer_id } of customers) {
      const customer = (await t.call(t.adminToken, { method: 'GET', url: `/api/customers/${customer_id}/` })).json()
      expect(customerFieldErrors(customer)).toEqual({})
    }
    expect((await t.call(t.adminToken, { method: 'GET', url: '/api/document_request/check/' })).json()).toMatchObject({ unassigned: 2 })
  })

  it('stores real files that download, with comments and closing documents, and lets a subscriber sign in', async () => {
    const accepted = (await t.call(t.adminToken, { method: 'GET', url: '/api/document_request/?archived=false&status=3' })).json().results[0]
    const [closing] = (await t.call(t.adminToken, { method: 'GET', url: `/api/document_close_file/?document_id=${accepted.doc_request_id}` })).json()
    const pdf = await t.call(t.adminToken, { method: 'GET', url: `/api/download/${closing.doc_close_file.file_name}` })
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    const inWork = (await t.call(t.adminToken, { method: 'GET', url: '/api/document_request/?archived=false&status=2' })).json().results[0]
    const attachments = (await t.call(t.adminToken, { method: 'GET', url: `/api/document_request_attachment/?document_id=${inWork.doc_request_id}` })).json()
    expect(attachments.map((a: { doc_request_attach_status: number }) => a.doc_request_attach_status)).toEqual([1, 2, 3])
    expect(attachments[1].comments).toHaveLength(2)
    expect(inWork.unread_comments).toBe(1)
    const subscriber = await t.login('abonent', 'demo-password')
    expect((await t.call(subscriber, { method: 'GET', url: '/api/document_request/' })).json().count).toBeGreaterThan(0)
  })
})
