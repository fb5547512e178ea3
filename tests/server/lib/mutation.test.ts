import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expireKeys, KEY_LIFETIME_DAYS } from '../../../src/server/lib/mutation'
import { startTestApp, type TestApp } from '../../helpers/test-app'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.close())

// Found from the attacker's side: nothing ever removed a kept answer, so a key per call grew the database for good.
describe('the answers kept under Idempotency-Keys', () => {
  it(`are forgotten after ${KEY_LIFETIME_DAYS} days, the younger ones kept`, async () => {
    const user = await t.userWith([])
    const keep = (key: string, ageDays: number) =>
      t.database.db.execute(sql`
        insert into idempotency_keys (user_id, key, request_hash, status_code, response, created_at)
        values (${user.user_id}, ${key}, 'h', 200, '{}', now() - make_interval(days => ${ageDays}))`)
    await keep('old', KEY_LIFETIME_DAYS + 1)
    await keep('young', KEY_LIFETIME_DAYS - 1)
    await keep('today', 0)
    await expireKeys(t.database.db)
    const { rows } = await t.database.db.execute<{ key: string }>(sql`select key from idempotency_keys where user_id = ${user.user_id} order by key`)
    expect(rows.map((row) => row.key)).toEqual(['today', 'young'])
  })
})
