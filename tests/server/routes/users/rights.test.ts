import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { T } from '../../../../src/shared/texts'
import type { Permission } from '../../../../src/shared/permissions'
import { permissions, users } from '../../../../src/server/db/schema'
import { ADMIN, startTestApp, userIdOf, type TestApp } from '../../../helpers/test-app'

let t: TestApp
let adminId: number
beforeAll(async () => {
  t = await startTestApp()
  adminId = await userIdOf(t.database.db, ADMIN.username)
})
afterAll(() => t.close())

let counter = 0
const newUser = (groups: number[] = []) => ({
  username: `rights${++counter}`,
  first_name: 'Иван',
  last_name: 'Иванов',
  password: 'secret-pass',
  groups,
})
const patch = (token: string, id: number, payload: Record<string, unknown>) => t.call(token, { method: 'PATCH', url: `/api/users/${id}/`, payload })
const remove = (token: string, id: number) => t.call(token, { method: 'DELETE', url: `/api/users/${id}/` })
const me = (token: string) => t.call(token, { method: 'GET', url: '/api/users/me/' })
const detail = (res: { json: () => unknown }) => (res.json() as { detail?: string }).detail
/** Every way to take a user over or lock them out: set their password, rename, deactivate, delete; one after another. */
const takeOver = async (token: string, id: number) => [
  await patch(token, id, { password: 'taken-over-1' }),
  await patch(token, id, { first_name: 'Кто-то' }),
  await patch(token, id, { is_active: false }),
  await remove(token, id),
]

const permissionIds = async (codes: Permission[]) =>
  (await t.database.db.select().from(permissions)).filter((p) => (codes as string[]).includes(p.codename)).map((p) => p.permission_id)

const makeSuperuser = () => t.userWith([], { is_superuser: true })

describe('rights that cannot climb', () => {
  it('refuses the attack of a user manager step by step', async () => {
    const manager = await t.userWith(['users.view', 'users.manage'])
    const admins = t.base.groupIds['Администраторы']!
    const ownGroup = (await (await me(manager.token)).json()).groups as number[]

    const selfPromotion = await patch(manager.token, manager.user_id, { groups: [...ownGroup, admins] })
    expect(selfPromotion.statusCode).toBe(403)
    expect(detail(selfPromotion)).toBe(T.ownGroupsUnchangeable)

    const password = await patch(manager.token, adminId, { password: 'taken-over-1' })
    expect(password.statusCode).toBe(403)
    expect(detail(password)).toBe(T.superuserOnly)
    await expect(t.login(ADMIN.username, ADMIN.password)).resolves.toBeTypeOf('string')

    const emptied = await patch(manager.token, adminId, { groups: [] })
    expect(emptied.statusCode).toBe(403)
    expect(detail(emptied)).toBe(T.superuserOnly)

    const deleted = await remove(manager.token, adminId)
    expect(deleted.statusCode).toBe(403)
    expect(detail(deleted)).toBe(T.superuserOnly)

    const accomplice = await t.call(manager.token, { method: 'POST', url: '/api/users/', payload: newUser([admins]) })
    expect(accomplice.statusCode).toBe(403)
    expect(detail(accomplice)).toBe(T.groupBeyondOwnRights)

    const after = (await t.call(t.adminToken, { method: 'GET', url: `/api/users/${adminId}/` })).json()
    expect(after).toMatchObject({ is_superuser: true, is_active: true, groups: [admins] })
    expect((await me(manager.token)).json().groups).toEqual(ownGroup)
  })

  it('still lets a user manager create and edit users within their own rights', async () => {
    const manager = await t.userWith(['users.view', 'users.manage', 'points.view'])
    const viewers = await t.make.group(['points.view'])
    const created = await t.call(manager.token, { method: 'POST', url: '/api/users/', payload: newUser([viewers]) })
    expect(created.statusCode, created.body).toBe(201)
    const id = created.json().user_id as number
    expect((await patch(manager.token, id, { first_name: 'Пётр', groups: [] })).statusCode).toBe(200)
    expect((await patch(manager.token, id, { groups: [viewers] })).statusCode).toBe(200)
    const reset = await patch(manager.token, id, { password: 'reset-by-manager' })
    expect(reset.statusCode).toBe(200)
    await expect(t.login(created.json().username, 'reset-by-manager')).resolves.toBeTypeOf('string')
    expect((await patch(manager.token, id, { is_active: false })).statusCode).toBe(200)
    expect((await remove(manager.token, id)).statusCode).toBe(204)
    // Own name, with the form's unchanged groups, is an ordinary edit.
    const ownGroups = (await me(manager.token)).json().groups
    expect((await patch(manager.token, manager.user_id, { last_name: 'Сам', groups: ownGroups })).statusCode).toBe(200)
  })

  it('refuses to act on a user who holds rights the actor lacks, which would be taking them over', async () => {
    const manager = await t.userWith(['users.view', 'users.manage'])
    const operator = await t.userWith(['points.view', 'points.change'])
    for (const res of await takeOver(manager.token, operator.user_id)) {
      expect(res.statusCode).toBe(403)
      expect(detail(res)).toBe(T.userBeyondOwnRights)
    }
    expect((await me(operator.token)).statusCode).toBe(200)
  })

  it("refuses a user manager a subscriber's account unless they may see subscribers and their applications", async () => {
    const manager = await t.userWith(['users.view', 'users.manage'])
    const subscriber = await t.subscriber()
    for (const res of await takeOver(manager.token, subscriber.user_id)) {
      expect(res.statusCode).toBe(403)
      expect(detail(res)).toBe(T.subscriberBeyondOwnRights)
    }
    expect((await me(subscriber.token)).statusCode).toBe(200)
    const clerk = await t.userWith(['users.view', 'users.manage', 'customers.view', 'requests.view', 'requests.change'])
    expect((await patch(clerk.token, subscriber.user_id, { first_name: 'Мария' })).statusCode).toBe(200)
  })

  it('lets only a superuser grant the superuser status, and nobody change their own status', async () => {
    const manager = await t.userWith(['users.view', 'users.manage'])
    const plain = await t.userWith([])
    const promoted = await patch(manager.token, plain.user_id, { is_superuser: true })
    expect(promoted.statusCode).toBe(403)
    expect(detail(promoted)).toBe(T.superuserOnly)
    const selfPromoted = await patch(manager.token, manager.user_id, { is_superuser: true })
    expect(selfPromoted.statusCode).toBe(403)
    const selfOff = await patch(t.adminToken, adminId, { is_active: false })
    expect(selfOff.statusCode).toBe(403)
    expect(detail(selfOff)).toBe(T.ownStatusUnchangeable)
  })

  it('lets a superuser change, deactivate and delete another superuser', async () => {
    const second = await makeSuperuser()
    expect((await patch(t.adminToken, second.user_id, { password: 'new-password-2' })).statusCode).toBe(200)
    expect((await patch(t.adminToken, second.user_id, { is_superuser: false })).statusCode).toBe(200)
    expect((await patch(t.adminToken, second.user_id, { is_superuser: true })).statusCode).toBe(200)
    expect((await patch(t.adminToken, second.user_id, { is_active: false })).statusCode).toBe(200)
    expect((await remove(t.adminToken, second.user_id)).statusCode).toBe(204)
  })

  it('never leaves the console without an active superuser', async () => {
    // Alone, the superuser may not remove themselves whichever way.
    for (const res of [
      await patch(t.adminToken, adminId, { is_superuser: false }),
      await patch(t.adminToken, adminId, { is_active: false }),
      await remove(t.adminToken, adminId),
    ])
      expect(res.statusCode).toBeGreaterThanOrEqual(400)

    // Two superusers demoting each other at once: the superusers' rows are locked, so one of them is refused.
    const db = t.database.db
    const other = await makeSuperuser()
    const answers = await Promise.all([patch(t.adminToken, other.user_id, { is_superuser: false }), patch(other.token, adminId, { is_superuser: false })])
    const codes = answers.map((a) => a.statusCode).sort()
    expect(codes[0]).toBe(200)
    expect([400, 403]).toContain(codes[1])
    const left = await db.select().from(users).where(eq(users.is_superuser, true))
    expect(left).toHaveLength(1)
    if (left[0]!.user_id !== adminId) await db.update(users).set({ is_superuser: true }).where(eq(users.user_id, adminId))
    await db.update(users).set({ is_superuser: false }).where(eq(users.user_id, other.user_id))
    t.app.auth.invalidate()
  })

  it('refuses to remove the last active superuser even to a superuser deactivated a moment ago in another process', async () => {
    const db = t.database.db
    const other = await makeSuperuser()
    expect((await me(other.token)).statusCode).toBe(200)
    // Another process deactivates them: this one still holds their principal for the cache's lifetime.
    await db.update(users).set({ is_active: false }).where(eq(users.user_id, other.user_id))
    for (const res of [
      await patch(other.token, adminId, { is_superuser: false }),
      await patch(other.token, adminId, { is_active: false }),
      await remove(other.token, adminId),
    ]) {
      expect(res.statusCode).toBe(400)
      expect(detail(res)).toBe(T.lastSuperuser)
    }
    expect((await me(t.adminToken)).json()).toMatchObject({ is_superuser: true })
  })
})

describe('groups cannot gain rights their editor lacks', () => {
  it('refuses to create or extend a group beyond the editor’s rights, and allows it within them', async () => {
    const editor = await t.userWith(['groups.view', 'groups.manage', 'points.view'])
    const beyond = await permissionIds(['users.manage'])
    const within = await permissionIds(['points.view'])
    const created = await t.call(editor.token, { method: 'POST', url: '/api/permissions_groups/', payload: { name: 'Захват', permissions: beyond } })
    expect(created.statusCode).toBe(403)
    expect(detail(created)).toBe(T.permissionBeyondOwnRights)
    const ok = await t.call(editor.token, { method: 'POST', url: '/api/permissions_groups/', payload: { name: 'Просмотр точек', permissions: within } })
    expect(ok.statusCode).toBe(201)
    const id = ok.json().permissions_group_id as number
    const extended = await t.call(editor.token, { method: 'PATCH', url: `/api/permissions_groups/${id}/`, payload: { permissions: [...within, ...beyond] } })
    expect(extended.statusCode).toBe(403)
    expect(detail(extended)).toBe(T.permissionBeyondOwnRights)
    // A group already holding a right the editor lacks can still be renamed and trimmed.
    const admins = t.base.groupIds['Администраторы']!
    expect((await t.call(editor.token, { method: 'PATCH', url: `/api/permissions_groups/${admins}/`, payload: { name: 'Администраторы 2' } })).statusCode).toBe(
      200,
    )
    const full = (await t.call(editor.token, { method: 'GET', url: `/api/permissions_groups/${admins}/` })).json().permissions as { permission_id: number }[]
    const trimmed = full.map((p) => p.permission_id).filter((p) => !within.includes(p))
    expect((await t.call(editor.token, { method: 'PATCH', url: `/api/permissions_groups/${admins}/`, payload: { permissions: trimmed } })).statusCode).toBe(200)
    expect(
      (
        await t.call(t.adminToken, {
          method: 'PATCH',
          url: `/api/permissions_groups/${admins}/`,
          payload: { name: 'Администраторы', permissions: full.map((p) => p.permission_id) },
        })
      ).statusCode,
    ).toBe(200)
  })
})

describe('groups cannot lose rights their editor lacks', () => {
  it('refuses to delete or trim a group beyond the editor’s rights: its members would become the editor’s to take over', async () => {
    const editor = await t.userWith(['groups.view', 'groups.manage', 'points.view'])
    const member = await t.userWith(['users.manage', 'points.view'])
    const [group] = (await t.call(t.adminToken, { method: 'GET', url: `/api/users/${member.user_id}/` })).json().groups as number[]
    const deleted = await t.call(editor.token, { method: 'DELETE', url: `/api/permissions_groups/${group}/` })
    expect(deleted.statusCode).toBe(403)
    expect(detail(deleted)).toBe(T.rightsLossBeyondOwn)
    const trimmed = await t.call(editor.token, {
      method: 'PATCH',
      url: `/api/permissions_groups/${group}/`,
      payload: { permissions: await permissionIds(['points.view']) },
    })
    expect(trimmed.statusCode).toBe(403)
    expect(detail(trimmed)).toBe(T.rightsLossBeyondOwn)
    // The member keeps the rights, so the editor still may not set their password.
    expect((await t.call(editor.token, { method: 'GET', url: `/api/permissions_groups/${group}/` })).json().permissions).toHaveLength(2)
    // Within the editor's rights both are allowed.
    const own = (
      await t.call(editor.token, {
        method: 'POST',
        url: '/api/permissions_groups/',
        payload: { name: 'Точки', permissions: await permissionIds(['points.view']) },
      })
    ).json()
    expect(
      (await t.call(editor.token, { method: 'PATCH', url: `/api/permissions_groups/${own.permissions_group_id}/`, payload: { permissions: [] } })).statusCode,
    ).toBe(200)
    expect((await t.call(editor.token, { method: 'DELETE', url: `/api/permissions_groups/${own.permissions_group_id}/` })).statusCode).toBe(204)
  })
})

describe('sessions that end with the password', () => {
  const signedIn = async (token: string) => (await me(token)).statusCode

  it('ends the earlier tokens of a user who changes their own password, and answers a new working token', async () => {
    const user = await t.userWith([])
    const other = await t.login(user.username, 'password-123')
    const res = await patch(user.token, user.user_id, { password: 'new-password-1', current_password: 'password-123' })
    expect(res.statusCode).toBe(200)
    const fresh = res.json().token as string
    expect(fresh).toBeTypeOf('string')
    expect(await signedIn(user.token)).toBe(401)
    expect(detail(await me(other))).toBe(T.tokenInvalid)
    expect(await signedIn(fresh)).toBe(200)
    // A later sign-in signs with the current version too.
    expect(await signedIn(await t.login(user.username, 'new-password-1'))).toBe(200)
  })

  // Found from the attacker's side: a subscriber whose password leaked could not change it (403), although the API says
  // everybody may change their own password with the current one.
  it('lets a subscriber change their own password with the current one, and nothing else of their account', async () => {
    const subscriber = await t.subscriber()
    const res = await patch(subscriber.token, subscriber.user_id, { password: 'new-password-1', current_password: 'password-123' })
    expect(res.statusCode).toBe(200)
    expect(await signedIn(subscriber.token)).toBe(401)
    expect(await signedIn(res.json().token)).toBe(200)
    expect((await patch(res.json().token, subscriber.user_id, { first_name: 'Другое' })).statusCode).toBe(403)
  })

  it('ends the tokens of a user whose password an administrator sets, without giving the administrator one', async () => {
    const user = await t.userWith([])
    const res = await patch(t.adminToken, user.user_id, { password: 'set-by-admin-1' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).not.toHaveProperty('token')
    expect(await signedIn(user.token)).toBe(401)
    expect(await signedIn(t.adminToken)).toBe(200)
    expect(await signedIn(await t.login(user.username, 'set-by-admin-1'))).toBe(200)
  })

  it('ends the tokens of a deactivated user, and a reactivated one signs in afresh', async () => {
    const user = await t.userWith([])
    expect((await patch(t.adminToken, user.user_id, { is_active: false })).statusCode).toBe(200)
    expect(await signedIn(user.token)).toBe(401)
    await expect(t.login(user.username, 'password-123')).rejects.toThrow()
    expect((await patch(t.adminToken, user.user_id, { is_active: true })).statusCode).toBe(200)
    expect(await signedIn(user.token)).toBe(401)
    expect(await signedIn(await t.login(user.username, 'password-123'))).toBe(200)
  })

  it('ends the tokens of a deleted user', async () => {
    const user = await t.userWith([])
    expect(await signedIn(user.token)).toBe(200)
    expect((await remove(t.adminToken, user.user_id)).statusCode).toBe(204)
    expect(await signedIn(user.token)).toBe(401)
  })

  it('ends a token in another process within the principal cache’s lifetime', async () => {
    const user = await t.userWith([])
    expect(await signedIn(user.token)).toBe(200)
    // Another process changed the password: this one learns it when its cached principal expires.
    await t.database.db.update(users).set({ credential_version: 5 }).where(eq(users.user_id, user.user_id))
    await new Promise((resolve) => setTimeout(resolve, 5100))
    expect(await signedIn(user.token)).toBe(401)
  })

  it('counts a wrong current password as a failed sign-in of that login, so a token left on a tablet cannot guess on', async () => {
    const user = await t.userWith([])
    const answers: number[] = []
    for (let i = 0; i < 8; i++) answers.push((await patch(user.token, user.user_id, { password: 'new-password-1', current_password: `guess-${i}` })).statusCode)
    expect(answers.slice(0, 5)).toEqual([400, 400, 400, 400, 400])
    expect(answers).toContain(429)
    const paused = await t.call(null, { method: 'POST', url: '/api/api-token-auth/', payload: { username: user.username, password: 'password-123' } })
    expect(paused.statusCode).toBe(429)
    expect(paused.json()).toMatchObject({ detail: T.tooManyLogins })
  })

  it('checks a current password only for one’s own change: it tells nobody another user’s password', async () => {
    const user = await t.userWith([])
    for (const current_password of ['password-123', 'wrong-guess']) {
      const res = await patch(t.adminToken, user.user_id, { current_password })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ current_password: [T.currentPasswordOwnOnly] })
    }
  })

  it('asks for the current password for one’s own change, whatever one’s rights', async () => {
    const res = await patch(t.adminToken, adminId, { password: 'admin-new-pass' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ current_password: [T.requiredUser] })
  })
})

describe('the spec’s payload', () => {
  it('creates a user from username, first_name, last_name, password and groups alone', async () => {
    const res = await t.call(t.adminToken, { method: 'POST', url: '/api/users/', payload: newUser([t.base.groupIds['Операторы']!]) })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json()).toMatchObject({ email: '', is_stuff: true, is_superuser: false, is_active: true })
  })
})
