import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { T } from '../../../src/shared/texts'
import { startTestApp, type TestApp } from '../../helpers/test-app'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.close())

const individual = { customer_number: 'Л-0001', customer_type: 1, last_name: 'Иванов', first_name: 'Иван', middle_name: 'Иванович', snils: '112-233-445 95' }
const company = {
  customer_number: 'Ю-0001',
  customer_type: 3,
  last_name: 'Греф',
  first_name: 'Герман',
  middle_name: 'Оскарович',
  company_full_name: 'Публичное акционерное общество «Сбербанк России»',
  company_short_name: 'ПАО Сбербанк',
  company_inn: '7707083893',
  company_kpp: '773601001',
  company_ogrn: '1027700132195',
}
const post = (token: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.call(token, { method: 'POST', url: '/api/customers/', payload: payload as object, headers })

describe('customers', () => {
  it('adds, lists, edits and deletes subscribers; selection lists get id and name', async () => {
    const a = await post(t.adminToken, individual)
    expect(a.statusCode).toBe(201)
    expect(a.json()).toMatchObject({ ...individual, name: 'Иванов Иван Иванович', company_inn: '' })
    const b = await post(t.adminToken, { ...company, snils: '112-233-445 95' })
    expect(b.statusCode).toBe(201)
    // A legal entity has no SNILS: fields of other types are stored empty.
    expect(b.json()).toMatchObject({ name: 'ПАО Сбербанк', snils: '' })

    const page = await t.call(t.adminToken, { method: 'GET', url: '/api/customers/?per_page=1&page=2&ordering=customer_number' })
    expect(page.json()).toMatchObject({ count: 2, results: [{ customer_number: 'Ю-0001', customer_type: 3 }] })
    const all = await t.call(t.adminToken, { method: 'GET', url: '/api/customers/?page_size=all' })
    expect(all.json()).toEqual({
      count: 2,
      results: [
        { customer_id: a.json().customer_id, name: 'Иванов Иван Иванович' },
        { customer_id: b.json().customer_id, name: 'ПАО Сбербанк' },
      ],
    })
    const found = await t.call(t.adminToken, { method: 'GET', url: '/api/customers/?search=7707083893' })
    expect(found.json().count).toBe(1)

    const id = b.json().customer_id
    const edited = await t.call(t.adminToken, { method: 'PATCH', url: `/api/customers/${id}/`, payload: { company_short_name: '', remark: 'Крупный клиент' } })
    expect(edited.statusCode).toBe(200)
    expect(edited.json()).toMatchObject({ name: company.company_full_name, remark: 'Крупный клиент' })

    expect((await t.call(t.adminToken, { method: 'DELETE', url: `/api/customers/${id}` })).statusCode).toBe(204)
    expect((await t.call(t.adminToken, { method: 'GET', url: `/api/customers/${id}/` })).statusCode).toBe(404)
    expect((await t.call(t.adminToken, { method: 'DELETE', url: `/api/customers/${id}/` })).statusCode).toBe(404)
  })

  it('answers 400 with every message of section 5 on its field', async () => {
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{}, { customer_type: [T.customerTypeRequired], last_name: [T.required], first_name: [T.required], middle_name: [T.required] }],
      [{ ...individual, customer_type: 7 }, { customer_type: [T.customerTypeRequired] }],
      [{ ...company, company_full_name: '' }, { company_full_name: [T.required] }],
      [{ ...company, company_inn: '77070838' }, { company_inn: [T.innLegalEntity] }],
      [{ ...company, customer_type: 2, company_inn: '7707083893', company_ogrn: '304500116000157' }, { company_inn: [T.innSoleProprietor] }],
      [{ ...individual, company_inn: '7707083893' }, { company_inn: [T.innWrongType] }],
      [{ ...company, company_inn: '7707083890' }, { company_inn: [T.innChecksum] }],
      [{ ...company, customer_type: 2, company_inn: '500100732259', company_ogrn: '1027700132195' }, { company_ogrn: [T.ogrnSoleProprietor] }],
      [{ ...company, company_ogrn: '304500116000157' }, { company_ogrn: [T.ogrnLegalEntity] }],
      [{ ...company, company_kpp: '7736010' }, { company_kpp: [T.kppLength] }],
      [{ ...individual, snils: '11223344595' }, { snils: [T.snilsLength] }],
      [{ ...individual, snils: '112-233-445 96' }, { snils: [T.snilsChecksum] }],
    ]
    for (const [payload, body] of cases) {
      const res = await post(t.adminToken, payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json()).toEqual(body)
    }
    for (const payload of [null, [], 'text', { ...individual, last_name: 'x'.repeat(1000) }]) {
      const res = await post(t.adminToken, payload, { 'content-type': 'application/json' })
      expect(res.statusCode).toBe(400)
    }
    expect((await t.call(t.adminToken, { method: 'GET', url: '/api/customers/?ordering=snils' })).statusCode).toBe(400)
  })

  it('keeps the type once saved and checks an edit against the whole subscriber', async () => {
    const id = (await post(t.adminToken, { ...company, customer_number: 'Ю-2' })).json().customer_id
    const typeChange = await t.call(t.adminToken, { method: 'PATCH', url: `/api/customers/${id}/`, payload: { customer_type: 2 } })
    expect(typeChange.json()).toEqual({ customer_type: [T.customerTypeFixed] })
    const badKpp = await t.call(t.adminToken, { method: 'PATCH', url: `/api/customers/${id}/`, payload: { company_kpp: '12' } })
    expect(badKpp.statusCode).toBe(400)
    expect(badKpp.json()).toEqual({ company_kpp: [T.kppLength] })
    const emptyName = await t.call(t.adminToken, { method: 'PATCH', url: `/api/customers/${id}/`, payload: { last_name: ' ' } })
    expect(emptyName.json()).toEqual({ last_name: [T.required] })
    expect((await t.call(t.adminToken, { method: 'PATCH', url: '/api/customers/999999/', payload: { remark: 'x' } })).statusCode).toBe(404)
  })

  it('replays an idempotent add without creating a second subscriber', async () => {
    const key = { 'idempotency-key': 'customer-add-1' }
    const first = await post(t.adminToken, { ...individual, customer_number: 'ИД-1' }, key)
    const again = await post(t.adminToken, { ...individual, customer_number: 'ИД-1' }, key)
    expect(again.statusCode).toBe(201)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.json().customer_id).toBe(first.json().customer_id)
    expect((await t.call(t.adminToken, { method: 'GET', url: '/api/customers/?search=ИД-1' })).json().count).toBe(1)
  })

  // Found by a report-only attacker probe: a subscriber's sign-in outlived the deletion of its customer; its token
  // still answered, with the deleted customer_id.
  it('ends the sign-in of a deleted subscriber', async () => {
    const subscriber = await t.subscriber()
    expect((await t.call(subscriber.token, { method: 'GET', url: '/api/users/me/' })).statusCode).toBe(200)
    expect((await t.call(t.adminToken, { method: 'DELETE', url: `/api/customers/${subscriber.customer_id}/` })).statusCode).toBe(204)
    expect((await t.call(subscriber.token, { method: 'GET', url: '/api/users/me/' })).statusCode).toBe(401)
    const login = await t.app.inject({ method: 'POST', url: '/api/api-token-auth/', payload: { username: subscriber.username, password: 'password-123' } })
    expect(login.statusCode).toBe(400)
  })

  it('refuses without the permission', async () => {
    const viewer = await t.userWith(['customers.view'])
    expect((await t.call(viewer.token, { method: 'GET', url: '/api/customers/?page_size=all' })).statusCode).toBe(200)
    expect((await post(viewer.token, individual)).statusCode).toBe(403)
    expect((await t.call(viewer.token, { method: 'PATCH', url: '/api/customers/1/', payload: {} })).statusCode).toBe(403)
    expect((await t.call(viewer.token, { method: 'DELETE', url: '/api/customers/1' })).statusCode).toBe(403)
    const nobody = await t.userWith([])
    expect((await t.call(nobody.token, { method: 'GET', url: '/api/customers/' })).statusCode).toBe(403)
    expect((await t.call(null, { method: 'GET', url: '/api/customers/' })).statusCode).toBe(401)
  })
})
