import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inArray } from 'drizzle-orm'
import { counterOperations } from '../../../../src/server/db/schema'
import { PAGE_SIZE_MAX } from '../../../../src/shared/constants'
import { startRegistryApp, type RegistryApp } from '../../../helpers/test-app'

// A meter's operation history (counter_operations, GET /api/counteropers/) and the audit trail
// (GET /api/audit/?entity=counter) are two records of the same changes: each must hold what the other holds.

let t: RegistryApp
let clerk: { user_id: number; token: string; username: string }
beforeAll(async () => {
  t = await startRegistryApp()
  // No first or last name: both records must then still name the same user.
  clerk = await t.userWith(['counters.view', 'counters.change', 'counters.install', 'audit.view'], { first_name: '', last_name: '' })
})
afterAll(() => t.close())

type HistoryRow = { counter_oper_id: number; counter_id: number; coper_type: string; comment: string; operation_date: string; user_name: string | null }
type AuditRow = {
  audit_id: number
  user_id: number | null
  user_name: string | null
  entity_id: string
  action: string
  remark: string | null
  created_at: string
}

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.call(clerk.token, { method, url, payload, headers })

async function ok(res: Promise<{ statusCode: number; body: string; json: () => { counter_id?: number } }>, status = 200) {
  const answer = await res
  expect(answer.statusCode, answer.body).toBe(status)
  return answer.json()
}

/** Both records of one meter, with the transaction time of every history row (the API gives the operation's date). */
async function recordsOf(counterId: number) {
  const history: HistoryRow[] = (await call('GET', `/api/counteropers/?counter_id=${counterId}&page_size=all`)).json().results
  const trail: AuditRow[] = (await call('GET', `/api/audit/?entity=counter&entity_id=${counterId}&page_size=${PAGE_SIZE_MAX}`)).json().results
  const stored = await t.database.db
    .select({ id: counterOperations.counter_oper_id, user_id: counterOperations.user_id, created_at: counterOperations.created_at })
    .from(counterOperations)
    .where(inArray(counterOperations.counter_oper_id, history.length ? history.map((row) => row.counter_oper_id) : [0]))
  const byId = new Map(stored.map((row) => [row.id, row]))
  return { history, trail, txOf: (row: HistoryRow) => byId.get(row.counter_oper_id)! }
}

/** Pairs every history row with one audit entry of the same kind, user, meter, comment and transaction time. */
async function expectAgreement(counterId: number, kinds: string[]) {
  const { history, trail, txOf } = await recordsOf(counterId)
  expect(history.map((row) => row.coper_type).sort()).toEqual([...kinds].sort())
  const unmatched = [...trail]
  for (const row of history) {
    const tx = txOf(row)
    const at = tx.created_at.toISOString()
    const index = unmatched.findIndex((entry) => entry.action === row.coper_type && entry.created_at === at)
    expect(index, `audit entry for ${row.coper_type} at ${at} among ${JSON.stringify(unmatched.map((e) => [e.action, e.created_at]))}`).toBeGreaterThanOrEqual(
      0,
    )
    const [entry] = unmatched.splice(index, 1)
    expect(entry!.entity_id).toBe(String(counterId))
    expect(entry!.user_id).toBe(tx.user_id)
    expect(entry!.user_name).toBe(row.user_name)
    expect(entry!.remark ?? '').toBe(row.comment)
  }
  // What is left in the trail are changes the history does not keep (nothing here: only history operations were made).
  expect(unmatched.map((entry) => entry.action)).toEqual([])
}

describe('meter history and audit trail agree', () => {
  it('for every operation that writes the history, through the API', async () => {
    const [first, second] = [await t.make.point(), await t.make.point()]
    const meter = await ok(
      call('POST', '/api/counters/create_and_install/', {
        serial_num: `AU-${first}`,
        model_id: t.refs.modelIds['Меркурий 230 ART'],
        coeff: 1,
        coeff_voltage: 1,
        point_id: first,
        operation_date: '2024-03-01T09:00:00.000Z',
        conn_params: { host: '192.168.1.10', net_address: '25' },
      }),
      201,
    )
    const id = meter.counter_id!
    await ok(call('PATCH', `/api/counters/${id}/`, { coeff: 40 }))
    await ok(call('PUT', `/api/point_counter/${id}/update_conn_params/`, { conn_params: { host: '192.168.1.11' } }))
    await ok(call('POST', `/api/counters/${id}/change_active_state/`))
    await ok(call('POST', `/api/counters/${id}/change_active_state/`))
    const takeOff = { operation_date: '2024-06-01T09:00:00.000Z', comment: 'Поверка' }
    await ok(call('POST', `/api/point_counter/${id}/take_off/`, takeOff, { 'idempotency-key': `off-${id}` }))
    // A replay applies nothing, so it records nothing twice; a refused operation records nothing at all.
    await ok(call('POST', `/api/point_counter/${id}/take_off/`, takeOff, { 'idempotency-key': `off-${id}` }))
    expect((await call('POST', `/api/point_counter/${id}/take_off/`, { ...takeOff, comment: 'Ещё раз' })).statusCode).toBe(400)
    await ok(
      call('POST', `/api/counters/${id}/update_and_install/`, {
        point_id: second,
        operation_date: '2024-07-01T09:00:00.000Z',
        conn_params: { host: '10.0.0.1', net_address: '7' },
      }),
    )
    await expectAgreement(id, ['create', 'install', 'edit', 'conn_params', 'deactivate', 'activate', 'take_off', 'install'])

    const plain = await ok(
      call('POST', '/api/counters/', { serial_num: `AU-plain-${first}`, model_id: t.refs.modelIds['Меркурий 230 ART'], coeff: 1, coeff_voltage: 1 }),
      201,
    )
    await expectAgreement(plain.counter_id!, ['create'])
  })
})
