import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type RunningEmulator } from '../../../../src/server/collector/emulator/emulator'
import type { EmulatedMeterSpec } from '../../../../src/server/collector/emulator/meter-spec'
import { runRound } from '../../../../src/server/collector/round'
import { CLOCK_DRIFT_LIMIT_S } from '../../../../src/shared/meter-clock'
import { T } from '../../../../src/shared/texts'
import { startTestApp, type TestApp } from '../../../helpers/test-app'
import { collectionReferences, dueTask, emulatedMeters, installedMeter, mercury230 } from '../../collection-fixtures'

/*
 * The meter's clock in a poll, through the emulator over TCP: its drift read (04 00), stored, logged and shown; the
 * correction (03 0D) only where the task allows it, at most ±4 minutes once a day, in the audit.
 * The emulator and the collector share one clock, so a drift is exactly the emulated meter's offset.
 */
let t: TestApp
let emulator: RunningEmulator
let refs: Awaited<ReturnType<typeof collectionReferences>>
// 15:10 in Moscow: no correction of a few minutes crosses a half-hour boundary.
let nowMs = Date.parse('2026-11-20T12:10:00.000Z')
const clock = () => new Date(nowMs)
const ROUND = { concurrency: 2, deadlineMs: 20_000, clock }

const meters = {
  fast: mercury230(1, { clock: { offsetS: 100 } }),
  slow: mercury230(2, { clock: { offsetS: -30 } }),
  far: mercury230(3, { clock: { offsetS: 400 } }),
  ural: mercury230(4, { clock: { offsetS: 2 }, timeZone: 'Asia/Yekaterinburg' }),
  refusing: mercury230(5, { clock: { offsetS: -50, correctedByHand: true } }),
}
type MeterName = keyof typeof meters
let installed: Record<MeterName, Awaited<ReturnType<typeof installedMeter>>>

beforeAll(async () => {
  t = await startTestApp()
  refs = await collectionReferences(t.database.db)
  ;({ emulator, installed } = await emulatedMeters(t.database.db, refs.refs, meters, { latencyMs: [0, 1], clock }))
  // Two installations open the channel at level 2, the rest at the default 1: a correction is taken at either (manual p.24).
  for (const name of ['slow', 'far'] as const) {
    await t.database.db.execute(
      sql`update point_counters set conn_params = conn_params || '{"access_level":"2"}'::jsonb where counter_id = ${installed[name].counterId}`,
    )
  }
  await t.database.db.execute(sql`update counters set time_zone = 'Asia/Yekaterinburg' where counter_id = ${installed.ural.counterId}`)
})

afterAll(async () => {
  await emulator.close()
  await t.close()
})

async function poll(name: MeterName, correct = false) {
  return pollCounter(installed[name].counterId, correct)
}

async function pollCounter(counterId: number, correct = false) {
  const taskId = await dueTask(t.database.db, counterId, [refs.groups.registers], new Date(nowMs - 1000))
  if (correct) await t.database.db.execute(sql`update counter_tasks set clock_correction = true where counter_task_id = ${taskId}`)
  const round = await runRound(t.database.db, 1, clock(), { ...ROUND, box: t.app.box })
  expect(round).toMatchObject({ tasks: 1, succeeded: 1 })
  await t.database.db.execute(sql`update counter_tasks set state = 'stopped', next_run_at = null where counter_task_id = ${taskId}`)
  const entries = await t.database.db.execute(sql`
    select e.text from task_log_entries e join task_logs l on l.task_log_id = e.task_log_id where l.counter_task_id = ${taskId} order by e.task_log_entry_id`)
  return (entries.rows as { text: string }[]).map((row) => row.text)
}

const clockOf = async (name: MeterName) => (await t.call(t.adminToken, { method: 'GET', url: `/api/counters/${installed[name].counterId}/clock/` })).json()

const corrections = async (name: MeterName) =>
  (
    await t.database.db.execute(sql`select before, after, user_id from audit_log where entity = 'counter' and entity_id = ${String(installed[name].counterId)}
    and action = 'clock_correction' order by audit_id`)
  ).rows

describe('the meter clock in a poll', () => {
  it('reads the drift, logs it, keeps it on the meter and flags it beyond the limit', async () => {
    const log = await poll('fast')
    expect(log).toContain(`Часы счётчика: расхождение +100 с — больше допустимого`)
    expect(await clockOf('fast')).toMatchObject({
      drift_s: 100,
      exceeded: true,
      limit_s: CLOCK_DRIFT_LIMIT_S,
      read_at: clock().toISOString(),
      corrected_at: null,
    })
    expect(await corrections('fast')).toHaveLength(0)
  })

  it('leaves the clock alone when the task does not allow correction', async () => {
    const log = await poll('slow')
    expect(log).toContain('Часы счётчика: расхождение -30 с')
    expect(log.some((line) => line.includes('скорректировано'))).toBe(false)
    expect(await clockOf('slow')).toMatchObject({ drift_s: -30, exceeded: false })
  })

  it('corrects a drift within ±4 minutes when the task allows it, and audits it', async () => {
    const log = await poll('slow', true)
    expect(log).toContain('Время счётчика скорректировано на +30 с')
    expect(await clockOf('slow')).toMatchObject({ drift_s: 0, correction_s: 30, corrected_at: clock().toISOString() })
    expect(await corrections('slow')).toEqual([{ before: { drift_s: -30 }, after: { drift_s: 0, correction_s: 30 }, user_id: null }])
    nowMs += 60_000
    expect(await poll('slow', true)).toContain('Часы счётчика: расхождение 0 с')
  })

  it('moves a larger drift by at most 4 minutes, and not again the same day', async () => {
    expect(await poll('far', true)).toContain('Время счётчика скорректировано на -240 с')
    expect(await clockOf('far')).toMatchObject({ drift_s: 160 })
    nowMs += 2 * 60_000
    const again = await poll('far', true)
    expect(again).toContain('Часы счётчика: расхождение +160 с — больше допустимого')
    expect(again).toContain('Коррекция времени не выполнена: часы уже корректировались сегодня')
    expect(await corrections('far')).toHaveLength(1)
  })

  it('notes a correction the meter refuses (corrected today by hand) and still succeeds', async () => {
    const log = await poll('refusing', true)
    expect(log.some((line) => line.startsWith('Коррекция времени отклонена:') && line.includes(T.poll.clockCorrectedToday))).toBe(true)
    expect(await clockOf('refusing')).toMatchObject({ drift_s: -50, corrected_at: null })
  })

  // The Mercury 206 codec had no clock command (21h): its meters got no drift, no flag and no VEE clock rule.
  it("reads a Mercury 206's clock for its drift, and leaves it alone", async () => {
    const spec: EmulatedMeterSpec = { protocol: 'mercury206', address: 40_000_021, consumerType: 'flat', seed: 21, clock: { offsetS: -75 } }
    const emulator206 = await startEmulator({ port: 0, meters: [spec], latencyMs: [0, 1], clock })
    try {
      const { counterId } = await installedMeter(t.database.db, refs.refs, { model: 'Меркурий 206 RN', port: emulator206.port, netAddress: spec.address })
      const log = await pollCounter(counterId, true)
      expect(log).toContain('Часы счётчика: расхождение -75 с — больше допустимого')
      expect(log.some((line) => line.includes('Коррекция') || line.includes('скорректировано'))).toBe(false)
      const shown = (await t.call(t.adminToken, { method: 'GET', url: `/api/counters/${counterId}/clock/` })).json()
      expect(shown).toMatchObject({ drift_s: -75, exceeded: true, read_at: clock().toISOString(), corrected_at: null })
      const monitored = (await t.call(t.adminToken, { method: 'GET', url: '/api/monitoring/clocks/' })).json()
      expect(JSON.stringify(monitored)).toContain(`"counter_id":${counterId},`)
    } finally {
      await emulator206.close()
    }
  })

  it("reads a meter's clock in the meter's own time zone", async () => {
    expect(await poll('ural')).toContain('Часы счётчика: расхождение +2 с')
    expect(await clockOf('ural')).toMatchObject({ drift_s: 2, time_zone: 'Asia/Yekaterinburg' })
  })

  it('is a task setting, off by default, kept when a PUT leaves it out', async () => {
    const call = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) => t.call(t.adminToken, { method, url, payload })
    const body = { counter_id: installed.fast.counterId, data_collecting_server_id: 1, interval: 'minutes', value: '30', task_group: [refs.groups.registers] }
    const created = (await call('POST', '/api/counters_tasks/', body)).json()
    expect(created.clock_correction).toBe(false)
    const url = `/api/counters_tasks/${created.counter_task_id}/`
    expect((await call('PUT', url, { ...body, clock_correction: true })).json().clock_correction).toBe(true)
    expect((await call('PUT', url, body)).json().clock_correction).toBe(true)
    expect((await call('PUT', url, { ...body, clock_correction: 'maybe' })).statusCode).toBe(400)
  })

  it('keeps a time zone on the meter card: a known IANA zone, empty for the account zone', async () => {
    const url = `/api/counters/${installed.fast.counterId}/`
    const patch = (time_zone: unknown) => t.call(t.adminToken, { method: 'PATCH', url, payload: { time_zone } })
    expect((await patch('Asia/Novosibirsk')).json().time_zone).toBe('Asia/Novosibirsk')
    expect((await t.call(t.adminToken, { method: 'GET', url: `/api/counters/${installed.fast.counterId}/clock/` })).json().time_zone).toBe('Asia/Novosibirsk')
    const bad = await patch('Mars/Olympus')
    expect(bad.statusCode).toBe(400)
    expect(JSON.stringify(bad.json())).toContain(T.invalidTimeZone)
    expect((await patch('')).json().time_zone).toBeNull()
    expect((await t.call(t.adminToken, { method: 'GET', url: `/api/counters/${installed.fast.counterId}/clock/` })).json().time_zone).toBe('Europe/Moscow')
  })

  it('answers an unread clock with nulls and an unknown meter with 404', async () => {
    const other = await installedMeter(t.database.db, refs.refs, { model: 'Меркурий 230 ART', port: emulator.port, netAddress: 9 })
    const never = (await t.call(t.adminToken, { method: 'GET', url: `/api/counters/${other.counterId}/clock/` })).json()
    expect(never).toMatchObject({ drift_s: null, read_at: null, exceeded: false, time_zone: 'Europe/Moscow' })
    expect((await t.call(t.adminToken, { method: 'GET', url: '/api/counters/999999/clock/' })).statusCode).toBe(404)
  })
})
