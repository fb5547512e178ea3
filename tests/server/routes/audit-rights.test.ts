import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AUDIT_ENTITY_RIGHTS } from '../../../src/server/repositories/audit-log'
import { PERMISSION_CODES } from '../../../src/shared/permissions'
import { T } from '../../../src/shared/texts'
import { startTestApp, type TestApp } from '../../helpers/test-app'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.close())

type Page = { count: number; results: { entity: string }[] }

// Found by a security probe: `audit.view` alone listed every entity's entries with the record before and after, so a
// user refused GET /api/customers/2/ read the customer's SNILS in the audit, and likewise users' e-mails, meters' hosts
// and ports, whole application cards.
describe('the audit shows only the records the reader may view', () => {
  let customerId: number
  let userId: number
  beforeAll(async () => {
    const write = async (url: string, payload: object) => {
      const res = await t.call(t.adminToken, { method: 'POST', url, payload })
      expect(res.statusCode, `${url} ${res.body}`).toBe(201)
      return res.json()
    }
    customerId = (
      await write('/api/customers/', {
        customer_number: 'Л-АУДИТ',
        customer_type: 1,
        last_name: 'Скрытов',
        first_name: 'Иван',
        middle_name: 'Иванович',
        snils: '112-233-445 95',
      })
    ).customer_id
    const user = { username: 'hidden-mail', first_name: 'Пётр', last_name: 'Почтов', password: 'secret-pass', email: 'hidden@example.ru', groups: [] }
    userId = (await write('/api/users/', user)).user_id
    await write('/api/permissions_groups/', { name: 'Группа для журнала', permissions: [] })
  })

  const list = async (token: string, query = '') => {
    const res = await t.call(token, { method: 'GET', url: `/api/audit/?${query}` })
    expect(res.statusCode, res.body).toBe(200)
    return { page: res.json() as Page, body: res.body }
  }

  it('lists nothing of a record that audit.view alone does not open, filtered by its entity or not', async () => {
    const auditor = await t.userWith(['audit.view'])
    expect((await t.call(auditor.token, { method: 'GET', url: `/api/customers/${customerId}/` })).statusCode).toBe(403)
    expect((await t.call(auditor.token, { method: 'GET', url: `/api/users/${userId}/` })).statusCode).toBe(403)
    for (const query of ['entity=customer', `entity=customer&entity_id=${customerId}`, 'entity=user', 'entity=permissions_group']) {
      expect((await list(auditor.token, query)).page, query).toEqual({ count: 0, results: [] })
    }
    const { page, body } = await list(auditor.token, 'page_size=500')
    expect(page).toEqual({ count: 0, results: [] })
    expect(body).not.toMatch(/112.?233.?445|hidden@example\.ru/)
  })

  it('lists the entries of the records the reader may view, counted and paged in the query', async () => {
    const clerk = await t.userWith(['audit.view', 'customers.view'])
    const first = (await list(clerk.token, 'page_size=1')).page
    // Only the customer's creation: the user's and the group's entries, written after it, neither count nor fill the page.
    expect(first).toMatchObject({ count: 1, results: [{ entity: 'customer' }] })
    expect((await list(clerk.token, 'page_size=1&page=2')).page.results).toEqual([])
    expect((await list(clerk.token, 'entity=user')).page).toEqual({ count: 0, results: [] })

    const manager = await t.userWith(['audit.view', 'users.view', 'groups.view'])
    const theirs = (await list(manager.token, 'page_size=500')).page
    expect(new Set(theirs.results.map((row) => row.entity))).toEqual(new Set(['user', 'permissions_group']))
    expect(theirs.count).toBe(theirs.results.length)
  })

  it('lists everything to a superuser', async () => {
    const all = (await list(t.adminToken, 'page_size=500')).page
    expect(new Set(all.results.map((row) => row.entity))).toEqual(new Set(['customer', 'user', 'permissions_group']))
  })

  // The writers take an `AuditEntity`, a key of this map, so a new entity cannot be written without a right; the
  // console names the same entities.
  it('gives every entity the audit records an existing right and a name on the screen', () => {
    expect(Object.keys(AUDIT_ENTITY_RIGHTS).sort()).toEqual(Object.keys(T.auditEntities).sort())
    for (const right of Object.values(AUDIT_ENTITY_RIGHTS)) expect(PERMISSION_CODES).toContain(right)
  })
})
