import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { startEmulator, type RunningEmulator } from '../../../src/server/collector/emulator/emulator'
import { runRound } from '../../../src/server/collector/round'
import { startCollectingService } from '../../../src/server/collector/service'
import { currentDataRequests, pointCounters } from '../../../src/server/db/schema'
import { secretBox } from '../../../src/server/lib/secret-box'
import { T } from '../../../src/shared/texts'
import { startTestApp, type TestApp } from '../../helpers/test-app'
import { collectionReferences, dueTask, logsOf, mercury230, readRequest } from '../collection-fixtures'

// The console stores a meter's password sealed; the collecting service opens it with the server's key to poll.

const PASSWORD = '918273'
let t: TestApp
let emulator: RunningEmulator
let refs: Awaited<ReturnType<typeof collectionReferences>>
let counterId: number

beforeAll(async () => {
  t = await startTestApp()
  refs = await collectionReferences(t.database.db)
  emulator = await startEmulator({ port: 0, latencyMs: [0, 2], meters: [mercury230(1, { passwords: { user: PASSWORD, admin: '222222' } })] })
  const point = (
    await t.call(t.adminToken, { method: 'POST', url: '/api/points/', payload: { name: 'ТП-Пароль', point_number: 'PW-1', address: 'ул. Мира, 1' } })
  ).json()
  const installed = await t.call(t.adminToken, {
    method: 'POST',
    url: '/api/counters/create_and_install/',
    payload: {
      serial_num: 'PW-1',
      model_id: refs.refs.modelIds['Меркурий 230 ART'],
      coeff: 1,
      coeff_voltage: 1,
      point_id: point.point_id,
      operation_date: '2024-03-01T09:00:00.000Z',
      conn_params: { host: '127.0.0.1', port: String(emulator.port), net_address: '1', password: PASSWORD, timeout_ms: '300', retries: '1' },
    },
  })
  expect(installed.statusCode, installed.body).toBe(201)
  counterId = installed.json().counter_id
})

afterAll(async () => {
  await emulator.close()
  await t.close()
})

const options = { concurrency: 1, deadlineMs: 10_000 }

describe('a meter with a sealed password', () => {
  it('is polled through the emulator with the password opened by the server key', async () => {
    const [stored] = await t.database.db.select({ conn: pointCounters.conn_params }).from(pointCounters).where(eq(pointCounters.counter_id, counterId))
    expect(stored!.conn.password).not.toBe(PASSWORD)
    const now = new Date()
    const taskId = await dueTask(t.database.db, counterId, [refs.groups.registers], new Date(now.getTime() - 1000))
    expect(await runRound(t.database.db, 1, now, { ...options, box: t.app.box })).toMatchObject({ tasks: 1, succeeded: 1 })
    expect((await logsOf(t.database.db, taskId)).map((l) => l.success)).toEqual([true])
  })

  it('answers a read request through the service with the opened password', async () => {
    const requestId = await readRequest(t.database.db, counterId, 2)
    const service = startCollectingService(t.database.db, { ...options, serverId: 2, tickMs: 50, box: t.app.box })
    try {
      await expect
        .poll(async () => (await t.database.db.select().from(currentDataRequests).where(eq(currentDataRequests.request_id, requestId)))[0]!.status, {
          timeout: 10_000,
        })
        .toBe('DONE')
    } finally {
      await service.stop()
    }
  })

  it('fails the poll with a clear note when the service holds another key', async () => {
    const now = new Date(Date.now() + 60_000)
    const taskId = await dueTask(t.database.db, counterId, [refs.groups.registers], new Date(now.getTime() - 1000), 2)
    const box = secretBox('another-secret-another-secret-000000')
    expect(await runRound(t.database.db, 2, now, { ...options, box })).toMatchObject({ tasks: 1, failed: 1 })
    const log = (await t.call(t.adminToken, { method: 'GET', url: `/api/tasks_logs/?task_id=${taskId}` })).json().results[0]
    expect(log.entries.map((e: { text: string }) => e.text).join('\n')).toContain(`Параметр подключения password: ${T.secretUnreadable}`)
  })
})
