import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { T } from '../../../src/shared/texts'
import { startTestApp, type TestApp } from '../../helpers/test-app'

// Found from the attacker's side: names that must be unique took lookalikes (a letter spelt decomposed, a zero-width
// space inside), a name of one zero-width space was saved, and two free texts of applications kept control characters.

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.close())

const post = (url: string, payload: object) => t.call(t.adminToken, { method: 'POST', url, payload })

describe('typed text', () => {
  it('takes a name spelt with a decomposed letter or an invisible character for the name it looks like', async () => {
    expect((await post('/api/permissions_groups/', { name: 'Йод', permissions: [] })).statusCode).toBe(201)
    const taken = (await post('/api/permissions_groups/', { name: 'Йод', permissions: [] })).json()
    for (const lookalike of ['Йод'.normalize('NFD'), 'Й\u200Bод', '\u2060Йод\uFEFF', 'Й\u202Eод']) {
      const res = await post('/api/permissions_groups/', { name: lookalike, permissions: [] })
      expect(res.statusCode, JSON.stringify(lookalike)).toBe(400)
      expect(res.json(), JSON.stringify(lookalike)).toEqual(taken)
    }
    const point = { name: 'ТП-7', address: 'ул. Мира, 7' }
    expect((await post('/api/points/', { ...point, point_number: '35-007001' })).statusCode).toBe(201)
    const duplicate = (await post('/api/points/', { ...point, point_number: '35-007001' })).json()
    expect((await post('/api/points/', { ...point, point_number: '35-007001\u200B' })).json()).toEqual(duplicate)
  })

  it('stores what was typed without invisible characters and in one spelling, and calls a name of them alone empty', async () => {
    const created = await post('/api/permissions_groups/', { name: 'Гру\u00ADппа\u200D е'.replace('е', 'е\u0308'), permissions: [] })
    expect(created.json().name).toBe('Группа ё')
    const empty = await post('/api/permissions_groups/', { name: '\u200B', permissions: [] })
    expect(empty.json()).toEqual((await post('/api/permissions_groups/', { name: ' ', permissions: [] })).json())
  })

  it("refuses control characters in a refusal's reason, as in every other text", async () => {
    const subscriber = await t.subscriber()
    const typeId = await t.make.requestType({}, [])
    const id = await t.make.application(subscriber, typeId)
    const res = await t.call(t.adminToken, {
      method: 'PATCH',
      url: `/api/document_request/${id}/`,
      payload: { decline_reason: 'Причина\u0001\u000b\u001b[31m' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ decline_reason: [T.controlCharacters] })
  })
})
