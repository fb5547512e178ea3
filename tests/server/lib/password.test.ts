import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { users } from '../../../src/server/db/schema'
import { T } from '../../../src/shared/texts'
import type { HttpError } from '../../../src/server/lib/http-errors'
import { HASH_RETRY_AFTER_S, hashPassword, hashQueue, verifyPassword } from '../../../src/server/lib/password'
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

describe('hashes at once', () => {
  it('run two at a time and the next in turn, refuse one past the line with 429, and free the place of one that failed', async () => {
    const inTurn = hashQueue({ running: 2, waiting: 3 })
    let running = 0
    let most = 0
    const started: number[] = []
    const finish: (() => void)[] = []
    const task = (n: number) => () => {
      started.push(n)
      most = Math.max(most, ++running)
      return new Promise<number>((resolve, reject) => finish.push(() => (running--, n === 1 ? reject(new Error('scrypt')) : resolve(n))))
    }
    const done = [0, 1, 2, 3, 4].map((n) => inTurn(task(n)).catch((error: Error) => error.message))
    const refused = await inTurn(task(5)).catch((error: HttpError) => error)
    expect(refused).toMatchObject({ statusCode: 429, body: { detail: T.signInsBusy(HASH_RETRY_AFTER_S), retry_after: HASH_RETRY_AFTER_S } })
    expect(started).toEqual([0, 1])
    while (finish.length) {
      finish.shift()!()
      await new Promise((resolve) => setImmediate(resolve))
    }
    expect(await Promise.all(done)).toEqual([0, 'scrypt', 2, 3, 4])
    expect(started).toEqual([0, 1, 2, 3, 4])
    expect(most).toBe(2)
    // All places given back: two run at once again.
    const again = [6, 7, 8].map((n) => inTurn(task(n)))
    await new Promise((resolve) => setImmediate(resolve))
    expect(started.slice(5)).toEqual([6, 7])
    finish.splice(0).forEach((end) => end())
    await new Promise((resolve) => setImmediate(resolve))
    finish.splice(0).forEach((end) => end())
    expect(await Promise.all(again)).toEqual([6, 7, 8])
  })
})
