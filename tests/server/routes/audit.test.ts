import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../helpers/test-app'

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

  // From an attacker probe: 20 identical PATCHes of a group, an account or a user wrote 20 audit rows.
  it('records no change where nothing changed', async () => {
    const created = await t.call(t.adminToken, { method: 'POST', url: '/api/permissions_groups/', payload: { name: 'Метрологи', permissions: [] } })
    const id = created.json().permissions_group_id
    for (let i = 0; i < 3; i++) {
      const same = await t.call(t.adminToken, { method: 'PATCH', url: `/api/permissions_groups/${id}/`, payload: { name: 'Метрологи' } })
      expect(same.statusCode).toBe(200)
    }
    const user = await t.userWith([])
    for (let i = 0; i < 3; i++) await t.call(t.adminToken, { method: 'PATCH', url: `/api/users/${user.user_id}/`, payload: { first_name: 'Иван' } })
    const trail = async (entity: string, entityId: number) =>
      (await t.call(t.adminToken, { method: 'GET', url: `/api/audit/?entity=${entity}&entity_id=${entityId}` }))
        .json()
        .results.map((row: { action: string }) => row.action)
    expect(await trail('permissions_group', id)).toEqual(['create'])
    expect(await trail('user', user.user_id)).toEqual(['update'])
  })

  // Found by a report-only attacker probe: since a write that changes nothing is not recorded, a password reset, one's
  // own new password and a mail account's new SMTP password left no trace (the rows show no secret), so a user
  // manager could take over a subscriber's sign-in unseen.
  it('records every change of a password, though the row shows none, and keeps no secret in it', async () => {
    const manager = await t.userWith(['users.view', 'users.manage', 'customers.view', 'requests.view', 'requests.change'])
    const subscriber = await t.subscriber()
    const reset = await t.call(manager.token, { method: 'PATCH', url: `/api/users/${subscriber.user_id}/`, payload: { password: 'Taken-over-1' } })
    expect(reset.statusCode).toBe(200)
    const own = await t.call(manager.token, {
      method: 'PATCH',
      url: `/api/users/${manager.user_id}/`,
      payload: { password: 'Own-new-pass-2', current_password: 'password-123' },
    })
    expect(own.statusCode).toBe(200)
    const mail = await t.call(t.adminToken, {
      method: 'POST',
      url: '/api/account_emails/',
      payload: { name: 'Рассылка', smtp_host: 'smtp.example.ru', smtp_port: 465, smtp_user: 'robot', smtp_password: 'Smtp-first-1', smtp_encryption: 'SSL' },
    })
    const mailId = mail.json().account_email_id
    await t.call(t.adminToken, { method: 'PATCH', url: `/api/account_emails/${mailId}/`, payload: { smtp_password: 'Smtp-second-2' } })
    const trail = async (entity: string, entityId: number) =>
      (await t.call(t.adminToken, { method: 'GET', url: `/api/audit/?entity=${entity}&entity_id=${entityId}` })).json().results as {
        action: string
        user_id: number
      }[]
    expect((await trail('user', subscriber.user_id)).map((row) => [row.action, row.user_id])).toEqual([['update_password', manager.user_id]])
    expect((await trail('user', manager.user_id)).map((row) => [row.action, row.user_id])).toEqual([['update_password', manager.user_id]])
    expect((await trail('account_email', mailId)).map((row) => row.action)).toEqual(['update', 'create'])
    // A page, not `all`: the audit refuses that (400), and the check then read the refusal.
    const everything = await t.call(t.adminToken, { method: 'GET', url: '/api/audit/?page_size=500' })
    expect(everything.statusCode).toBe(200)
    expect(everything.json().count).toBeGreaterThan(0)
    for (const secret of ['Taken-over-1', 'Own-new-pass-2', 'Smtp-first-1', 'Smtp-second-2']) expect(everything.body).not.toContain(secret)
  })

  it('filters by the user who made the change, with or without the entity', async () => {
    const editor = await t.userWith(['groups.manage', 'groups.view'], { first_name: 'Ирина', last_name: 'Петрова' })
    const mine = await t.call(editor.token, { method: 'POST', url: '/api/permissions_groups/', payload: { name: 'Учётчики', permissions: [] } })
    expect(mine.statusCode).toBe(201)
    await t.call(t.adminToken, { method: 'POST', url: '/api/permissions_groups/', payload: { name: 'Не её группа', permissions: [] } })

    const hers = await t.call(t.adminToken, { method: 'GET', url: `/api/audit/?user_id=${editor.user_id}` })
    expect(hers.statusCode).toBe(200)
    expect(hers.json()).toMatchObject({
      count: 1,
      results: [{ user_id: editor.user_id, user_name: 'Ирина Петрова', entity: 'permissions_group', action: 'create', after: { name: 'Учётчики' } }],
    })
    const hersOfEntity = await t.call(t.adminToken, { method: 'GET', url: `/api/audit/?user_id=${editor.user_id}&entity=permissions_group` })
    expect(hersOfEntity.json().count).toBe(1)
    const hersOfOther = await t.call(t.adminToken, { method: 'GET', url: `/api/audit/?user_id=${editor.user_id}&entity=point` })
    expect(hersOfOther.json()).toEqual({ count: 0, results: [] })
    const bad = await t.call(t.adminToken, { method: 'GET', url: '/api/audit/?user_id=abc' })
    expect(bad.statusCode).toBe(400)
    expect(Object.keys(bad.json())).toEqual(['user_id'])
  })

  it('records the creates and updates of the one-call write routes, the row before and after', async () => {
    const trail = async (entity: string, id: number) =>
      (await t.call(t.adminToken, { method: 'GET', url: `/api/audit/?entity=${entity}&entity_id=${id}` })).json().results
    const write = async (method: string, url: string, payload: object, status: number) => {
      const res = await t.call(t.adminToken, { method, url, payload })
      expect(res.statusCode, `${method} ${url}`).toBe(status)
      return res.json()
    }

    const object = (await write('POST', '/api/represents/', { name: 'ПС Северная' }, 201)).represent_id
    await write('PUT', `/api/represents/${object}/`, { name: 'ПС Северная-2' }, 200)
    await write('PUT', `/api/represents/${object}/market_area/`, { area_inn: '1300000206', area_name: 'АО «Сеть»' }, 200)
    expect(await trail('represent', object)).toMatchObject([
      { action: 'update', before: { area_inn: '', area_name: '' }, after: { area_inn: '1300000206', area_name: 'АО «Сеть»' } },
      { action: 'update', before: { name: 'ПС Северная' }, after: { name: 'ПС Северная-2' } },
      { action: 'create', before: null, after: { name: 'ПС Северная' } },
    ])

    const type = (await write('POST', '/api/document_type/', { doc_type_name: 'Замена счётчика' }, 201)).doc_type_id
    await write('PATCH', `/api/document_type/${type}/`, { expired_in_days: 20 }, 200)
    expect(await trail('document_type', type)).toMatchObject([
      { action: 'update', before: { expired_in_days: 10 }, after: { expired_in_days: 20 } },
      { action: 'create', before: null, after: { doc_type_name: 'Замена счётчика' } },
    ])

    const resource = (await write('POST', '/api/resources_types/', { name: 'Тепло' }, 201)).resource_type_id
    await write('PUT', `/api/resources_types/${resource}/`, { name: 'Тепловая энергия' }, 200)
    expect(await trail('resource_type', resource)).toMatchObject([
      { action: 'update', before: { name: 'Тепло' }, after: { name: 'Тепловая энергия' } },
      { action: 'create', before: null, after: { name: 'Тепло' } },
    ])
  })

  it('is for holders of audit.view only', async () => {
    const other = await t.userWith(['users.view'])
    expect((await t.call(other.token, { method: 'GET', url: '/api/audit/' })).statusCode).toBe(403)
  })
})
