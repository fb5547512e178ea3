import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { claimRequests, runRequest } from '../../../src/server/collector/current-data'
import { startEmulator, type RunningEmulator } from '../../../src/server/collector/emulator/emulator'
import type { Database } from '../../../src/server/db/client'
import { secretBox } from '../../../src/server/lib/secret-box'
import { T } from '../../../src/shared/texts'
import { openTestDatabase } from '../../helpers/test-database'
import { collectionReferences, installedMeter, mercury230, readRequest } from '../collection-fixtures'
import { NOW } from './emulator-harness'

/* «Обновить» on a slow line: the read the deadline cuts keeps the registers that came before it, as a scheduled poll does. */

let database: Database
let emulator: RunningEmulator
let counterId: number

beforeAll(async () => {
  database = await openTestDatabase()
  const { refs } = await collectionReferences(database.db)
  // Every answer 150 ms late: the channel, the clock and the registers fit in the deadline, the phase values do not.
  emulator = await startEmulator({ port: 0, latencyMs: [150, 150], clock: () => NOW, meters: [mercury230(1)] })
  ;({ counterId } = await installedMeter(database.db, refs, { model: 'Меркурий 230 ART', port: emulator.port, netAddress: 1 }))
})

afterAll(async () => {
  await emulator.close()
  await database.close()
})

describe('a read on demand', () => {
  it('cut by its deadline stores the registers it read and closes the request as an error', async () => {
    await readRequest(database.db, counterId)
    const [request] = await claimRequests(database.db, 1, NOW, 1)
    await runRequest(database.db, request!, 2_000, secretBox('test-secret-test-secret-test-secret-0123'), () => NOW)

    const closed = await database.db.execute(sql`select status, details from current_data_requests where request_id = ${request!.request_id}`)
    const { status, details } = closed.rows[0] as { status: string; details: string }
    expect(status).toBe('ERROR')
    expect(details).toContain(T.poll.deadline(2))
    const stored = await database.db.execute(sql`select distinct tariff from register_readings where counter_id = ${counterId} order by tariff`)
    const tariffs = stored.rows.map((row) => (row as { tariff: number }).tariff)
    expect(tariffs).toEqual([0, 1, 2, 3, 4])
  })
})
