import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { T } from '../../../../src/shared/texts'
import { startTestApp, type TestApp } from '../../../helpers/test-app'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.close())

const newUser = (over: Record<string, unknown> = {}) => ({
  username: `ivanov${Math.random().toString(36).slice(2, 8)}`,
  first_name: 'Иван',
  last_name: 'Иванов',
  email: 'ivanov@example.ru',
  password: 'secret-pass',
  groups: [],
  ...over,
})

describe('users', () => {
  it("creates a user from the spec's payload alone: username, first_name, last_name, password, groups", async () => {
    const { email: _email, ...payload } = newUser({ groups: [t.base.groupIds['Операторы']] })
    const created = await t.call(t.adminToken, { method: 'POST', url: '/api/users/', payload })
    expect(created.statusCode).toBe(201)
    expect(created.json()).toMatchObject({ username: payload.username, email: '', groups: payload.groups })
  })

  it('creates, lists with search, edits and deletes a user', async () => {
    const body = newUser({ groups: [t.base.groupIds['Операторы']] })
    const created = await t.call(t.adminToken, { method: 'POST', url: '/api/users/', payload: body })
    expect(created.statusCode).toBe(201)
    const user = created.json()
    expect(user).toMatchObject({ username: body.username, first_name: 'Иван', groups: [t.base.groupIds['Операторы']] })
    expect(user).not.toHaveProperty('password_hash')
    expect(user).not.toHaveProperty('password')

    const list = await t.call(t.adminToken, { method: 'GET', url: `/api/users/?search=${body.username}&per_page=25&page=1` })
    expect(list.json()).toMatchObject({ count: 1, results: [{ user_id: user.user_id }] })

    const edited = await t.call(t.adminToken, { method: 'PATCH', url: `/api/users/${user.user_id}/`, payload: { first_name: 'Пётр', groups: [] } })
    expect(edited.statusCode).toBe(200)
    expect(edited.json()).toMatchObject({ first_name: 'Пётр', groups: [] })

    const token = await t.login(body.username, body.password)
    expect((await t.call(token, { method: 'GET', url: '/api/users/me/' })).json().first_name).toBe('Пётр')

    const deleted = await t.call(t.adminToken, { method: 'DELETE', url: `/api/users/${user.user_id}/` })
    expect(deleted.statusCode).toBe(204)
    expect((await t.call(t.adminToken, { method: 'GET', url: `/api/users/${user.user_id}/` })).statusCode).toBe(404)
    expect((await t.call(token, { method: 'GET', url: '/api/users/me/' })).statusCode).toBe(401)
  })

  it('answers 400 with the spec messages for bad input, never 500', async () => {
    const res = await t.call(t.adminToken, { method: 'POST', url: '/api/users/', payload: { password: 'short', email: 'not-an-email' } })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({
      username: [T.requiredUser],
      first_name: [T.requiredUser],
      last_name: [T.requiredUser],
      email: [T.invalidEmail],
      password: [T.minPassword],
    })
    const dup = newUser({ username: 'admin' })
    const taken = await t.call(t.adminToken, { method: 'POST', url: '/api/users/', payload: dup })
    expect(taken.statusCode).toBe(400)
    expect(taken.json()).toEqual({ username: [T.usernameTaken] })
    const badGroup = await t.call(t.adminToken, { method: 'POST', url: '/api/users/', payload: newUser({ groups: [999999] }) })
    expect(badGroup.statusCode).toBe(400)
    for (const payload of [null, [], 'text', { username: { $ne: 1 } }, { username: 'x'.repeat(10_000) }]) {
      const r = await t.call(t.adminToken, { method: 'POST', url: '/api/users/', payload: payload as never, headers: { 'content-type': 'application/json' } })
      expect(r.statusCode).toBe(400)
    }
    expect((await t.call(t.adminToken, { method: 'GET', url: '/api/users/abc/' })).statusCode).toBe(404)
    expect((await t.call(t.adminToken, { method: 'GET', url: '/api/users/?page=0' })).statusCode).toBe(400)
    expect((await t.call(t.adminToken, { method: 'GET', url: '/api/users/?ordering=password_hash' })).statusCode).toBe(400)
  })

  // From attacker probes: a holder of users.manage renamed themselves «аdmin» (a Cyrillic «а») and stood in the
  // list and the audit as the administrator; fullwidth and dotless-i spellings passed too, and «ѕаѕһа» beside «sasha»
  // in Cyrillic letters that are not Russian (dze, shha).
  it('takes a login in one alphabet, Latin or Russian, so that no login can pass for another', async () => {
    for (const username of ['аdmin', 'Иванov']) {
      const res = await t.call(t.adminToken, { method: 'POST', url: '/api/users/', payload: newUser({ username }) })
      expect(res.json(), username).toEqual({ username: [T.usernameMixedAlphabets] })
    }
    expect((await t.call(t.adminToken, { method: 'POST', url: '/api/users/', payload: newUser({ username: 'sasha' }) })).statusCode).toBe(201)
    for (const username of ['ａｄｍｉｎ', 'admın', 'ſergey', '\u0455\u0430\u0455\u04bb\u0430', 'Ѕергей', 'іван']) {
      const res = await t.call(t.adminToken, { method: 'POST', url: '/api/users/', payload: newUser({ username }) })
      expect(res.json(), username).toEqual({ username: [T.usernameCharacters] })
    }
    const me = await t.userWith(['users.manage'])
    const renamed = await t.call(me.token, { method: 'PATCH', url: `/api/users/${me.user_id}/`, payload: { username: 'аdmin' } })
    expect(renamed.json()).toEqual({ username: [T.usernameMixedAlphabets] })
    for (const username of ['ivan.petrov@mail', 'Иванов_2', 'Ёлкин', 'petrov-2']) {
      expect((await t.call(t.adminToken, { method: 'POST', url: '/api/users/', payload: newUser({ username }) })).statusCode, username).toBe(201)
    }
  })

  it('refuses users.manage actions to a user without it (403) but lets them read with users.view', async () => {
    const viewer = await t.userWith(['users.view'])
    expect((await t.call(viewer.token, { method: 'GET', url: '/api/users/' })).statusCode).toBe(200)
    expect((await t.call(viewer.token, { method: 'POST', url: '/api/users/', payload: newUser() })).statusCode).toBe(403)
    expect((await t.call(viewer.token, { method: 'DELETE', url: '/api/users/1/' })).statusCode).toBe(403)
    expect((await t.call(viewer.token, { method: 'PATCH', url: '/api/users/1/', payload: { first_name: 'X' } })).statusCode).toBe(403)
    const nobody = await t.userWith([])
    expect((await t.call(nobody.token, { method: 'GET', url: '/api/users/' })).statusCode).toBe(403)
  })

  it('lets a user change their own password only with the right current one', async () => {
    const me = await t.userWith([])
    const wrong = await t.call(me.token, {
      method: 'PATCH',
      url: `/api/users/${me.user_id}/`,
      payload: { password: 'new-password-1', current_password: 'nope' },
    })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toEqual({ current_password: [T.wrongPassword] })
    const ok = await t.call(me.token, {
      method: 'PATCH',
      url: `/api/users/${me.user_id}/`,
      payload: { password: 'new-password-1', current_password: 'password-123' },
    })
    expect(ok.statusCode).toBe(200)
    await expect(t.login(me.username, 'new-password-1')).resolves.toBeTypeOf('string')
  })

  it('replays a create with the same Idempotency-Key once, and refuses the key for another body', async () => {
    const body = newUser()
    const headers = { 'idempotency-key': 'key-users-1' }
    const first = await t.call(t.adminToken, { method: 'POST', url: '/api/users/', payload: body, headers })
    const second = await t.call(t.adminToken, { method: 'POST', url: '/api/users/', payload: body, headers })
    expect(first.statusCode).toBe(201)
    expect(second.statusCode).toBe(201)
    expect(second.headers['idempotent-replayed']).toBe('true')
    expect(second.json()).toEqual(first.json())
    const list = await t.call(t.adminToken, { method: 'GET', url: `/api/users/?search=${body.username}` })
    expect(list.json().count).toBe(1)
    const other = await t.call(t.adminToken, { method: 'POST', url: '/api/users/', payload: newUser(), headers })
    expect(other.statusCode).toBe(422)
  })

  it('refuses to delete oneself', async () => {
    const res = await t.call(t.adminToken, { method: 'DELETE', url: '/api/users/1/' })
    expect(res.statusCode).toBe(400)
    expect(res.json().detail).toBe(T.cannotDeleteSelf)
  })
})
