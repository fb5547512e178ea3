import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../helpers/test-app'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.close())

describe('audit trail', () => {
  it('records who changed which entity, before and after, readable per entity', async () => {
    const created = await t.call(t.adminToken, { method: 'POST', url: '/api/permissions_groups/', payload: { name: 'Диспетчеры', permissions: [] } })
    const id = created.json().permissions_group_id
    await t.call(t.adminToken, { method: 'PATCH', url: `/api/permissions_groups/${id}/`, payload: { name: 'Диспетчеры ПС' } })
    const res = await t.call(t.adminToken, { method: 'GET', url: `/api/audit/?entity=permissions_group&entity_id=${id}` })
    expect(res.statusCode).toBe(200)
    const [update, create] = res.json().results
    expect(res.json().count).toBe(2)
    expect(update).toMatchObject({ action: 'update', user_name: 'Администратор Системы', before: { name: 'Диспетчеры' }, after: { name: 'Диспетчеры ПС' } })
    expect(create).toMatchObject({ action: 'create', before: null, after: { name: 'Диспетчеры' } })
  })

  it('is for holders of audit.view only', async () => {
    const other = await t.userWith(['users.view'])
    expect((await t.call(other.token, { method: 'GET', url: '/api/audit/' })).statusCode).toBe(403)
  })
})
