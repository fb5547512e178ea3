import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type RunningEmulator } from '../../../src/server/collector/emulator/emulator'
import { claimRequests } from '../../../src/server/collector/current-data'
import { runRound } from '../../../src/server/collector/round'
import { toMoscowParts } from '../../../src/server/collector/moscow-time'
import { startCollectingService } from '../../../src/server/collector/service'
import { FAILURES_TO_PAUSE, FAILURES_TO_STOP } from '../../../src/server/collector/task-runs'
import { T } from '../../../src/shared/texts'
import { ON_DEMAND_POLL_INTERVAL_S, ON_DEMAND_WAITING_PER_USER_MAX, RELAY_INTERVAL_S } from '../../../src/shared/constants'
import { sql } from 'drizzle-orm'
import { startTestApp, type TestApp } from '../../helpers/test-app'
import { collectionReferences, dueTask, installedMeter, mercury230 } from '../collection-fixtures'

let t: TestApp
let emulator: RunningEmulator
let refs: Awaited<ReturnType<typeof collectionReferences>>
let good: Awaited<ReturnType<typeof installedMeter>>
let dead: Awaited<ReturnType<typeof installedMeter>>
const ROUND = { concurrency: 4, deadlineMs: 20_000 }

beforeAll(async () => {
  t = await startTestApp()
  refs = await collectionReferences(t.database.db)
  emulator = await startEmulator({ port: 0, latencyMs: [0, 2], meters: [mercury230(1), mercury230(2, { faults: { dead: true } })] })
  good = await installedMeter(t.database.db, refs.refs, { model: 'Меркурий 230 ART', port: emulator.port, netAddress: 1 })
  dead = await installedMeter(t.database.db, refs.refs, { model: 'Меркурий 230 ART', port: emulator.port, netAddress: 2 })
})

afterAll(async () => {
  await emulator.close()
  await t.close()
})

const get = (url: string, token = t.adminToken) => t.call(token, { method: 'GET', url })
const post = (url: string, payload?: object, token = t.adminToken) => t.call(token, { method: 'POST', url, payload: payload ?? {} })

function taskBody(extra: Record<string, unknown> = {}) {
  return {
    counter_id: good.counterId,
    data_collecting_server_id: 1,
    interval: 'cron',
    value: '*/30 * * * *',
    task_group: `${refs.groups.registers},${refs.groups.profile}`,
    ...extra,
  }
}

describe('collecting servers and counter tasks', () => {
  it('lists the collecting servers', async () => {
    const res = await get('/api/collecting_servers/')
    expect(res.statusCode).toBe(200)
    expect(res.json().results.map((s: { data_collecting_server_id: number }) => s.data_collecting_server_id)).toEqual([1, 2])
  })

  it('creates a stopped task, starts it onto its schedule and stops it, each answering the row', async () => {
    const created = await post('/api/counters_tasks/', taskBody())
    expect(created.statusCode).toBe(201)
    const task = created.json()
    expect(task).toMatchObject({
      state: 'stopped',
      counter_num: good.serial,
      point_id: good.pointId,
      task_group: `${refs.groups.registers},${refs.groups.profile}`,
      next_run_at: null,
    })
    expect(task.counter_parameters.length).toBeGreaterThan(0)

    const started = await post(`/api/counters_tasks/${task.counter_task_id}/start_scheduler/`)
    expect(started.statusCode).toBe(200)
    expect(started.json().state).toBe('working')
    const next = new Date(started.json().next_run_at)
    expect([0, 30]).toContain(next.getUTCMinutes())
    expect(next.getTime()).toBeGreaterThan(Date.now())

    const stopped = await post(`/api/counters_tasks/${task.counter_task_id}/stop_scheduler/`)
    expect(stopped.json()).toMatchObject({ state: 'stopped', next_run_at: null, enabled: false })
  })

  it('edits and deletes a task; lists by point, by counter and by search', async () => {
    const task = (await post('/api/counters_tasks/', taskBody())).json()
    const edited = await t.call(t.adminToken, {
      method: 'PUT',
      url: `/api/counters_tasks/${task.counter_task_id}/`,
      payload: taskBody({ interval: 'hours', value: '2' }),
    })
    expect(edited.json()).toMatchObject({ interval: 'hours', value: '2' })
    expect(
      (await get(`/api/counters_tasks/?point_id=${good.pointId}`))
        .json()
        .results.some((r: { counter_task_id: number }) => r.counter_task_id === task.counter_task_id),
    ).toBe(true)
    expect((await get(`/api/counters_tasks/?counter_id=${dead.counterId}`)).json().count).toBe(0)
    expect((await get(`/api/counters_tasks/?search=${good.serial}&order_by=counter_id`)).json().count).toBeGreaterThan(0)
    expect((await t.call(t.adminToken, { method: 'DELETE', url: `/api/counters_tasks/${task.counter_task_id}/` })).statusCode).toBe(204)
    expect((await get(`/api/counters_tasks/${task.counter_task_id}/`)).statusCode).toBe(404)
  })

  it('refuses bad schedules and references with Russian 400s', async () => {
    const eightDigits = await post('/api/counters_tasks/', taskBody({ interval: 'minutes', value: '12345678' }))
    expect(eightDigits.statusCode).toBe(400)
    expect(eightDigits.json().value).toEqual([T.taskValueDigits])
    expect((await post('/api/counters_tasks/', taskBody({ value: '*/30 * *' }))).json().value).toEqual([T.invalidCron])
    expect((await post('/api/counters_tasks/', taskBody({ interval: 'once', value: '2001-01-01T00:00:00Z' }))).json().value).toEqual([T.onceInPast])
    const noServer = await post('/api/counters_tasks/', taskBody({ data_collecting_server_id: undefined }))
    expect(noServer.json().data_collecting_server_id).toEqual([T.serverRequired])
    expect((await post('/api/counters_tasks/', taskBody({ data_collecting_server_id: 99 }))).json().data_collecting_server_id).toEqual([T.unknownServer])
    expect((await post('/api/counters_tasks/', taskBody({ task_group: '' }))).json().task_group).toEqual([T.groupsRequired])
    // A bad id inside the list is the list field's message, where the form shows it, not under `task_group.1`.
    const outOfRange = await post('/api/counters_tasks/', taskBody({ task_group: [refs.groups.registers, 99999999999] }))
    expect(outOfRange.statusCode).toBe(400)
    expect(Object.keys(outOfRange.json())).toEqual(['task_group'])
    expect((await get('/api/counters_tasks/?order_by=name')).statusCode).toBe(400)
  })

  it("runs a once task written without an offset on the account's wall clock, as a cron task of the same time", async () => {
    const year = new Date().getUTCFullYear() + 1
    const zone = (name: string) => t.database.db.execute(sql`update accounts set time_zone = ${name}`)
    const startedAt = async (interval: string, value: string) => {
      const task = (await post('/api/counters_tasks/', taskBody({ interval, value }))).json()
      const started = (await post(`/api/counters_tasks/${task.counter_task_id}/start_scheduler/`)).json()
      await t.call(t.adminToken, { method: 'DELETE', url: `/api/counters_tasks/${task.counter_task_id}/` })
      return started.next_run_at
    }
    await zone('Asia/Novosibirsk')
    try {
      expect(await startedAt('once', `${year}-12-05T10:00`)).toBe(`${year}-12-05T03:00:00.000Z`)
      // The next 5 December, this year's or the next.
      expect(await startedAt('cron', '0 10 5 12 *')).toMatch(/^\d{4}-12-05T03:00:00\.000Z$/)
      expect(await startedAt('once', `${year}-12-05T10:00:00+03:00`)).toBe(`${year}-12-05T07:00:00.000Z`)
    } finally {
      await zone('Europe/Moscow')
    }
    const junk = await post('/api/counters_tasks/', taskBody({ interval: 'once', value: `${year}-12-05 jan` }))
    expect(junk.statusCode).toBe(400)
    expect(junk.json()).toEqual({ value: [T.invalidDateTime] })
    expect((await post('/api/counters_tasks/', taskBody({ interval: 'once', value: '9999-12-05T10:00:00Z' }))).json()).toEqual({ value: [T.dateRange] })
  })

  it('needs tasks.view to read and tasks.change to write', async () => {
    const viewer = await t.userWith(['tasks.view'])
    expect((await get('/api/counters_tasks/', viewer.token)).statusCode).toBe(200)
    expect((await post('/api/counters_tasks/', taskBody(), viewer.token)).statusCode).toBe(403)
    const nobody = await t.userWith([])
    expect((await get('/api/collecting_servers/', nobody.token)).statusCode).toBe(403)
    expect((await get('/api/monitoring/', nobody.token)).statusCode).toBe(403)
  })
})

describe('a round of the collecting service', () => {
  it('polls the meter over the protocol, stores readings and profile, and logs the run', async () => {
    // Right after Moscow midnight the new day has no whole half-hour of profile yet, so no day of the month would show
    // both a reading and a consumption: the round then runs on a clock set back to the last minute of the day before.
    const { hour, minute } = toMoscowParts(new Date())
    const behindMs = hour === 0 && minute < 30 ? (minute + 1) * 60_000 : 0
    const clock = () => new Date(Date.now() - behindMs)
    const at = clock()
    const taskId = await dueTask(
      t.database.db,
      good.counterId,
      [refs.groups.registers, refs.groups.profile, refs.groups.instant],
      new Date(at.getTime() - 1000),
    )
    const round = await runRound(t.database.db, 1, at, { ...ROUND, box: t.app.box, clock })
    expect(round).toMatchObject({ tasks: 1, succeeded: 1 })
    const logs = (await get(`/api/tasks_logs/?task_id=${taskId}`)).json()
    expect(logs.count).toBe(1)
    expect(logs.results[0].success).toBe(true)
    expect(logs.results[0].entries.map((e: { text: string }) => e.text).join('\n')).toMatch(/Прочитан профиль мощности/)

    const phase = (await get(`/api/counters/${good.counterId}/phase/`)).json()
    expect(phase.values[0]).toMatchObject({ name: 'Напряжение U', measure: 'В' })
    expect(phase.values[0].v1).toBeGreaterThan(150)

    const params = (await get(`/api/counters_data/available_params/?point_id=${good.pointId}`)).json() as { parameter_id: number; name: string }[]
    const profileParam = params.find((p) => p.name.startsWith('Профиль активной'))!
    const profile = (await get(`/api/counters_profile_data/?point_id=${good.pointId}&parameter_id=${profileParam.parameter_id}&interval=60`)).json()
    expect(profile.items.length).toBeGreaterThan(12)
    expect((await get(`/api/counters_profile_data/?point_id=${good.pointId}&parameter_id=${profileParam.parameter_id}&interval=45`)).statusCode).toBe(400)

    const { year, month: monthOfYear } = toMoscowParts(at)
    const month = `${year}-${String(monthOfYear).padStart(2, '0')}`
    const consumption = (await get(`/api/points/${good.pointId}/consumption_by_date/?month=${month}`)).json()
    expect(
      consumption.some((row: { consumption: number | null; counter_value: number | null }) => row.consumption !== null && row.counter_value !== null),
    ).toBe(true)
    expect((await get(`/api/points/${good.pointId}/consumption_by_date/?month=2025-13`)).json().month).toEqual([T.monthFormat])

    const accumulated = (await get(`/api/counters_accumulated_data/?point_id=${good.pointId}`)).json()
    expect(accumulated.results.map((r: { parameter_name: string }) => r.parameter_name)).toContain('A+')
  })

  it('counts failures: UNSTABLE, then PAUSED_FAILED with back-off, then STOPPED_FAILED; monitoring filters them', async () => {
    const taskId = await dueTask(t.database.db, dead.counterId, [refs.groups.registers], new Date(Date.now() - 1000))
    const status = async (mts = '') => {
      const list = (await get(`/api/monitoring/?interactions_num=5${mts ? `&mts=${mts}` : ''}`)).json() as {
        counter_task_id: number
        status: string
        last_tasks: unknown[]
      }[]
      return list.find((x) => x.counter_task_id === taskId)
    }
    let now = Date.now()
    for (let run = 1; run <= FAILURES_TO_STOP; run++) {
      // Each run answers for the due time the previous one left, however far the back-off put it.
      const next = (await get(`/api/counters_tasks/${taskId}/`)).json().next_run_at as string
      now = Math.max(now, new Date(next).getTime()) + 1
      // The round's clock is the due time too, so that the back-off counts from it.
      await runRound(t.database.db, 1, new Date(now), { ...ROUND, box: t.app.box, clock: () => new Date(now) })
      const expected = run >= FAILURES_TO_STOP ? 'STOPPED_FAILED' : run >= FAILURES_TO_PAUSE ? 'PAUSED_FAILED' : 'UNSTABLE'
      expect((await status())?.status).toBe(expected)
    }
    const row = await status('STOPPED_FAILED')
    expect(row?.last_tasks).toHaveLength(5)
    expect(await status('UNSTABLE,PAUSED_FAILED')).toBeUndefined()
    expect((await get(`/api/counters_tasks/${taskId}/`)).json()).toMatchObject({ state: 'stopped_failed', next_run_at: null })
    expect((await get('/api/monitoring/?interactions_num=101')).statusCode).toBe(400)
    expect((await get('/api/monitoring/?mts=BROKEN')).statusCode).toBe(400)
  })
})

describe('current data, parameters to collect and power switching', () => {
  it('refresh=1 asks the service for a read: PENDING, then DONE with values', async () => {
    const asked = (await get(`/api/counter/${good.counterId}/get_current_data/?refresh=1`)).json()
    expect(asked.task.status).toBe('PENDING')
    const service = startCollectingService(t.database.db, { serverId: 1, concurrency: 2, deadlineMs: 10_000, tickMs: 50, box: t.app.box })
    try {
      await expect.poll(async () => (await get(`/api/counter/${good.counterId}/get_current_data/`)).json().task.status, { timeout: 15_000 }).toBe('DONE')
    } finally {
      await service.stop()
    }
    const done = (await get(`/api/counter/${good.counterId}/get_current_data/`)).json()
    expect(done.data.find((d: { parameter_name: string }) => d.parameter_name === 'A+ сумма').value).toBeGreaterThan(0)
    expect(done.task.details).toMatch(/Открыт канал связи/)
  })

  it('a dead meter turns the request to ERROR', async () => {
    await get(`/api/counter/${dead.counterId}/get_current_data/?refresh=1`)
    const service = startCollectingService(t.database.db, { serverId: 1, concurrency: 2, deadlineMs: 10_000, tickMs: 50, box: t.app.box })
    try {
      await expect.poll(async () => (await get(`/api/counter/${dead.counterId}/get_current_data/`)).json().task.status, { timeout: 15_000 }).toBe('ERROR')
    } finally {
      await service.stop()
    }
  })

  // Found by a report-only attacker probe: a meter whose polling was switched off was still read on demand.
  it('reads no meter on demand whose polling is switched off, and says why', async () => {
    const off = await installedMeter(t.database.db, refs.refs, { model: 'Меркурий 230 ART', port: emulator.port, netAddress: 4 })
    await t.database.db.execute(sql`update counters set is_active = false where counter_id = ${off.counterId}`)
    const asked = await get(`/api/counter/${off.counterId}/get_current_data/?refresh=1`)
    expect([asked.statusCode, asked.json()]).toEqual([400, { detail: T.counterPollingOff }])
    const requests = await t.database.db.execute(sql`select count(*)::int as n from current_data_requests where counter_id = ${off.counterId}`)
    expect(requests.rows).toEqual([{ n: 0 }])
  })

  // Found by a UX probe: «Обновить» on an Энергомера CE 303 was filed, then failed with «Для драйвера «energomera» опрос
  // не предусмотрен». The answer says whether the meter is polled, and a read no poll can serve is refused at once.
  it('says whether the meter is polled, and files no read for a model whose group has no polling driver', async () => {
    expect((await get(`/api/counter/${good.counterId}/get_current_data/`)).json().polled).toBe(true)
    const ce303 = await installedMeter(t.database.db, refs.refs, { model: 'Энергомера CE 303', port: emulator.port, netAddress: 5 })
    expect((await get(`/api/counter/${ce303.counterId}/get_current_data/`)).json().polled).toBe(false)
    const asked = await get(`/api/counter/${ce303.counterId}/get_current_data/?refresh=1`)
    expect([asked.statusCode, asked.json()]).toEqual([400, { detail: T.meterNotPolled }])
    const requests = await t.database.db.execute(sql`select count(*)::int as n from current_data_requests where counter_id = ${ce303.counterId}`)
    expect(requests.rows).toEqual([{ n: 0 }])
  })

  // Found by a report-only attacker probe: reads and power switching were filed for a meter on no point, then failed,
  // each counted among the user's waiting requests, and a relay command left its audit row for nothing done.
  it('asks nothing of a meter on no point, and says why', async () => {
    const removed = await installedMeter(t.database.db, refs.refs, { model: 'Меркурий 206 RN', port: emulator.port, netAddress: 40_000_009 })
    await t.database.db.execute(sql`update point_counters set removed_at = now() - interval '1 day' where counter_id = ${removed.counterId}`)
    const read = await get(`/api/counter/${removed.counterId}/get_current_data/?refresh=1`)
    expect([read.statusCode, read.json()]).toEqual([400, { detail: T.counterNotInstalled }])
    const relay = await post(`/api/counters/${removed.counterId}/relay/`, { on: false })
    expect([relay.statusCode, relay.json()]).toEqual([400, { detail: T.counterNotInstalled }])
    const filed = await t.database.db.execute(sql`select count(*)::int as n from current_data_requests where counter_id = ${removed.counterId}`)
    expect(filed.rows).toEqual([{ n: 0 }])
  })

  it('polling on demand needs its own right and is limited per meter', async () => {
    const viewer = await t.userWith(['counters.view'])
    const asked = await get(`/api/counter/${good.counterId}/get_current_data/?refresh=1`, viewer.token)
    expect(asked.statusCode).toBe(403)
    expect(asked.json().detail).toBe(T.onDemandPollForbidden)
    // Reading without refresh stays open to counters.view.
    expect((await get(`/api/counter/${good.counterId}/get_current_data/`, viewer.token)).statusCode).toBe(200)

    const poller = await t.userWith(['counters.view', 'counters.poll'])
    const other = await installedMeter(t.database.db, refs.refs, { model: 'Меркурий 230 ART', port: emulator.port, netAddress: 3 })
    const first = await get(`/api/counter/${other.counterId}/get_current_data/?refresh=1`, poller.token)
    expect(first.statusCode).toBe(200)
    expect(first.json().task.status).toBe('PENDING')
    // The request done, a new one right away is refused with the wait, not queued again and again.
    await t.database.db.execute(sql`update current_data_requests set status = 'DONE' where counter_id = ${other.counterId}`)
    const again = await get(`/api/counter/${other.counterId}/get_current_data/?refresh=1`, poller.token)
    expect(again.statusCode).toBe(429)
    expect(again.json().retry_after).toBeGreaterThan(0)
    expect(again.json().retry_after).toBeLessThanOrEqual(ON_DEMAND_POLL_INTERVAL_S)
    const requests = await t.database.db.execute(
      sql`select count(*)::int as n from current_data_requests where counter_id = ${other.counterId} and action = 'read'`,
    )
    expect(requests.rows).toEqual([{ n: 1 }])
  })

  it('one user keeps only so many reads on demand waiting; others may still ask', async () => {
    const poller = await t.userWith(['counters.view', 'counters.poll'])
    const meters = []
    for (let i = 0; i <= ON_DEMAND_WAITING_PER_USER_MAX; i++)
      meters.push(await installedMeter(t.database.db, refs.refs, { model: 'Меркурий 230 ART', port: emulator.port, netAddress: 100 + i }))
    const asked = await Promise.all(meters.map((m) => get(`/api/counter/${m.counterId}/get_current_data/?refresh=1`, poller.token)))
    const codes = asked.map((a) => a.statusCode).sort()
    expect(codes).toEqual([...Array<number>(ON_DEMAND_WAITING_PER_USER_MAX).fill(200), 429])
    const refused = asked.find((a) => a.statusCode === 429)!
    expect(refused.json().detail).toBe(T.onDemandTooManyWaiting(ON_DEMAND_WAITING_PER_USER_MAX))
    expect(refused.headers['retry-after']).toBe(String(ON_DEMAND_POLL_INTERVAL_S))
    const left = meters[asked.indexOf(refused)]!

    // Another user is not held back by this one's reads.
    const colleague = await t.userWith(['counters.view', 'counters.poll'])
    expect((await get(`/api/counter/${left.counterId}/get_current_data/?refresh=1`, colleague.token)).statusCode).toBe(200)
    // One of the user's reads done, the user may ask again.
    await t.database.db.execute(
      sql`update current_data_requests set status = 'DONE' where counter_id = ${meters[asked.indexOf(refused) === 0 ? 1 : 0]!.counterId}`,
    )
    const other = await installedMeter(t.database.db, refs.refs, { model: 'Меркурий 230 ART', port: emulator.port, netAddress: 200 })
    expect((await get(`/api/counter/${other.counterId}/get_current_data/?refresh=1`, poller.token)).statusCode).toBe(200)
  })

  it('selects and unselects parameters to collect, within the meter model', async () => {
    const all = (await get(`/api/counters_parameters_to_collect/all_parameters_by_counter/?counter_id=${good.counterId}`)).json() as {
      parameter_id: number
      is_selected: boolean
    }[]
    expect(all.every((p) => p.is_selected)).toBe(true)
    const target = all[0]!.parameter_id
    const unselected = (await post('/api/counters_parameters_to_collect/unselect/', { counter_id: good.counterId, parameter_id: target })).json() as typeof all
    expect(unselected.find((p) => p.parameter_id === target)?.is_selected).toBe(false)
    const selected = (await post('/api/counters_parameters_to_collect/', { counter_id: good.counterId, parameter_id: target })).json() as typeof all
    expect(selected.find((p) => p.parameter_id === target)?.is_selected).toBe(true)
    const foreign = await post('/api/counters_parameters_to_collect/', { counter_id: good.counterId, parameter_id: 99_999 })
    expect(foreign.json().parameter_id).toEqual([T.parameterNotOfModel])
  })

  it('offers power switching only for mercury_206 and only with counters.control', async () => {
    expect((await post(`/api/counters/${good.counterId}/relay/`, { on: false })).json().detail).toBe(T.relayOnlyMercury206)
    const meter206 = await installedMeter(t.database.db, refs.refs, { model: 'Меркурий 206 RN', port: emulator.port, netAddress: 40_000_001 })
    const viewer = await t.userWith(['counters.view'])
    expect((await post(`/api/counters/${meter206.counterId}/relay/`, { on: false }, viewer.token)).statusCode).toBe(403)
    const queued = await post(`/api/counters/${meter206.counterId}/relay/`, { on: false })
    expect(queued.statusCode).toBe(202)
    expect(queued.json().status).toBe('PENDING')
  })

  it('switches power as last commanded: a command not yet taken gives way to the next one', async () => {
    const meter206 = await installedMeter(t.database.db, refs.refs, { model: 'Меркурий 206 RN', port: emulator.port, netAddress: 40_000_002 })
    const relay = (on: boolean) => post(`/api/counters/${meter206.counterId}/relay/`, { on })
    // On, off, on within a moment: the meter must end switched on.
    for (const on of [true, false, true]) expect((await relay(on)).statusCode).toBe(202)
    const requests = async () =>
      (await t.database.db.execute(sql`select action, status from current_data_requests where counter_id = ${meter206.counterId} order by request_id`)).rows
    expect(await requests()).toEqual([{ action: 'relay_on', status: 'PENDING' }])
    // A repeat of the waiting command asks nothing new.
    expect((await relay(true)).statusCode).toBe(202)
    expect(await requests()).toEqual([{ action: 'relay_on', status: 'PENDING' }])
    // The audit has each command that changed what the meter will do, and no repeats.
    const audited = await t.database.db.execute(
      sql`select action from audit_log where entity = 'counter' and entity_id = ${String(meter206.counterId)} order by audit_id`,
    )
    expect(audited.rows.map((row) => (row as { action: string }).action)).toEqual(['relay_on', 'relay_off', 'relay_on'])
  })

  // Found by an attacker's probe: on, off, on, off every 250 ms for 15 s queued 16 commands on one converter, each a
  // full poll, since the service takes a command at its next tick and only a command not yet taken was merged. The
  // subscriber's supply was switched on and off 16 times and another user's «Обновить» on the converter waited 60 s.
  it('switches a meter once while its command is carried out and for RELAY_INTERVAL_S after it', async () => {
    const meter206 = await installedMeter(t.database.db, refs.refs, { model: 'Меркурий 206 RN', port: emulator.port, netAddress: 40_000_003 })
    const operator = await t.userWith(['counters.view', 'counters.control'])
    const relay = (on: boolean) => post(`/api/counters/${meter206.counterId}/relay/`, { on }, operator.token)
    const requests = async () =>
      (
        await t.database.db.execute(
          sql`select action, status, requested_by from current_data_requests where counter_id = ${meter206.counterId} order by request_id`,
        )
      ).rows
    expect((await relay(false)).statusCode).toBe(202)
    // The service takes it at its next tick, as it takes every pending request.
    await claimRequests(t.database.db, 1, new Date(), 1000)

    const busy = await relay(true)
    expect(busy.statusCode).toBe(429)
    expect(busy.json().detail).toBe(T.relayBusy)
    expect(busy.headers['retry-after']).toBe(String(RELAY_INTERVAL_S))
    // Repeating the command being carried out switches nothing a second time.
    expect((await relay(false)).statusCode).toBe(202)
    expect(await requests()).toEqual([{ action: 'relay_off', status: 'PENDING', requested_by: operator.user_id }])

    // Carried out a moment ago: the supply is not switched back at once, whichever the command.
    await t.database.db.execute(sql`update current_data_requests set status = 'DONE', finished_at = now() where counter_id = ${meter206.counterId}`)
    for (const on of [true, false]) {
      const soon = await relay(on)
      expect(soon.statusCode).toBe(429)
      expect(soon.json().retry_after).toBeGreaterThan(0)
      expect(soon.json().retry_after).toBeLessThanOrEqual(RELAY_INTERVAL_S)
      expect(soon.json().detail).toBe(T.relayTooSoon(soon.json().retry_after))
      expect(soon.headers['retry-after']).toBe(String(soon.json().retry_after))
    }
    expect(await requests()).toHaveLength(1)

    // The interval past, the next command is filed.
    await t.database.db.execute(
      sql`update current_data_requests set finished_at = now() - make_interval(secs => ${RELAY_INTERVAL_S + 1}) where counter_id = ${meter206.counterId}`,
    )
    expect((await relay(true)).statusCode).toBe(202)
    expect(await requests()).toEqual([
      { action: 'relay_off', status: 'DONE', requested_by: operator.user_id },
      { action: 'relay_on', status: 'PENDING', requested_by: operator.user_id },
    ])
  })

  it("counts a user's relay commands among the reads on demand waiting", async () => {
    const operator = await t.userWith(['counters.view', 'counters.poll', 'counters.control'])
    const meters230 = []
    for (let i = 0; i < ON_DEMAND_WAITING_PER_USER_MAX; i++)
      meters230.push(await installedMeter(t.database.db, refs.refs, { model: 'Меркурий 230 ART', port: emulator.port, netAddress: 300 + i }))
    const meters206 = []
    for (let i = 0; i < 2; i++)
      meters206.push(await installedMeter(t.database.db, refs.refs, { model: 'Меркурий 206 RN', port: emulator.port, netAddress: 40_000_010 + i }))
    // One relay command and reads up to the limit less one.
    expect((await post(`/api/counters/${meters206[0]!.counterId}/relay/`, { on: false }, operator.token)).statusCode).toBe(202)
    for (const meter of meters230.slice(1))
      expect((await get(`/api/counter/${meter.counterId}/get_current_data/?refresh=1`, operator.token)).statusCode).toBe(200)
    const read = await get(`/api/counter/${meters230[0]!.counterId}/get_current_data/?refresh=1`, operator.token)
    expect(read.statusCode).toBe(429)
    expect(read.json().detail).toBe(T.onDemandTooManyWaiting(ON_DEMAND_WAITING_PER_USER_MAX))
    const command = await post(`/api/counters/${meters206[1]!.counterId}/relay/`, { on: false }, operator.token)
    expect(command.statusCode).toBe(429)
    expect(command.json().detail).toBe(T.onDemandTooManyWaiting(ON_DEMAND_WAITING_PER_USER_MAX))
    expect(command.headers['retry-after']).toBe(String(ON_DEMAND_POLL_INTERVAL_S))
    // Another user may still switch it.
    expect((await post(`/api/counters/${meters206[1]!.counterId}/relay/`, { on: false })).statusCode).toBe(202)
  })
})

describe('LoRaWAN uplinks', () => {
  it('are refused without the shared secret (no secret configured)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/lorawan/uplink/', payload: { net_address: '1', readings: { 'A+': 1 } } })
    expect(res.statusCode).toBe(403)
    expect(res.json().detail).toBe(T.lorawanSecret)
  })
})
