import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { users } from '../../../src/server/db/schema'
import { hashPassword, verifyPassword } from '../../../src/server/lib/password'
import { startTestApp, type TestApp } from '../../helpers/test-app'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.close())

const storedHash = async (userId: number) => (await t.database.db.select().from(users).where(eq(users.user_id, userId)))[0]!.password_hash

describe('password hashes', () => {
  it('use scrypt at N=2^17, r=8, p=1 unless a lower cost is asked for explicitly', async () => {
    const hash = await hashPassword('password-123')
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$/)
    expect(await verifyPassword('password-123', hash)).toBe(true)
    expect(await verifyPassword('password-124', hash)).toBe(false)
  })

  it('are hashed again with the current parameters when a user with an older hash signs in', async () => {
    const user = await t.userWith([])
    const old = await hashPassword('password-old', { N: 2 ** 14, r: 8, p: 1 })
    await t.database.db.update(users).set({ password_hash: old }).where(eq(users.user_id, user.user_id))
    await t.login(user.username, 'password-old')
    const renewed = await storedHash(user.user_id)
    expect(renewed).not.toBe(old)
    expect(renewed).toMatch(/^scrypt\$131072\$8\$1\$/)
    expect(await verifyPassword('password-old', renewed)).toBe(true)
    await t.login(user.username, 'password-old')
    expect(await storedHash(user.user_id)).toBe(renewed)
  })
})
