import { sql } from 'drizzle-orm'
import { DEMO_EMULATOR_HOST, DEMO_EMULATOR_PORT } from '../../collector/demo-fleet'
import { ensureCollectingServer } from '../../repositories/collecting-servers'
import type { Executor } from '../client'
import { counterTasks, taskGroups } from '../schema'
import type { BaseSeedResult } from './base'

/** The first demo meters, polled every minute (DEMO_FAULTS ranks 2, 5 and 7 among them), so that the demo shows activity at once. */
const MINUTE_TASKS = 8

/**
 * Demo step 'collection': collecting server 1, the demo meters' installations pointed at the emulator that
 * `npm start` runs, and tasks: every 30 minutes for energy and profile on every meter, every minute for energy
 * and instant values on the first few. The tasks are working and due at once.
 */
export async function seedCollection(db: Executor, _base: BaseSeedResult): Promise<void> {
  await ensureCollectingServer(db, 1)
  const meters = await db.execute(sql`
    select pc.point_counter_id, c.counter_id, c.serial_num, api.driver
    from point_counters pc
    join counters c on c.counter_id = pc.counter_id
    join counter_models m on m.model_id = c.model_id
    join counter_model_apis api on api.counter_model_api_id = m.counter_model_api_id
    where pc.removed_at is null and api.driver in ('mercury230', 'mercury206')
    order by c.counter_id`)
  const rows = meters.rows as { point_counter_id: number; counter_id: number; serial_num: string; driver: string }[]
  const groups = Object.fromEntries((await db.select().from(taskGroups)).map((g) => [g.kind, g.task_group_id]))
  const now = new Date()
  for (const [rank, meter] of rows.entries()) {
    // A Mercury 206 answers to its serial number; Mercury 230 bus addresses must be unique on the bus.
    const netAddress = meter.driver === 'mercury206' ? meter.serial_num : String(rank + 1)
    const link = { host: DEMO_EMULATOR_HOST, port: String(DEMO_EMULATOR_PORT), net_address: netAddress, timeout_ms: '1000', retries: '2' }
    await db.execute(sql`
      update point_counters set conn_params = conn_params || ${JSON.stringify(link)}::jsonb
      where point_counter_id = ${meter.point_counter_id}`)
  }
  const energyAndProfile = [groups.registers, groups.profile].filter((id): id is number => id !== undefined)
  const energyAndInstant = [groups.registers, groups.instant].filter((id): id is number => id !== undefined)
  await db.insert(counterTasks).values([
    ...rows.map((m) => ({
      counter_id: m.counter_id,
      data_collecting_server_id: 1,
      interval: 'cron',
      value: '*/30 * * * *',
      task_groups: energyAndProfile,
      state: 'working',
      next_run_at: now,
    })),
    ...rows.slice(0, MINUTE_TASKS).map((m) => ({
      counter_id: m.counter_id,
      data_collecting_server_id: 1,
      interval: 'minutes',
      value: '1',
      task_groups: energyAndInstant,
      state: 'working',
      next_run_at: now,
    })),
  ])
}
