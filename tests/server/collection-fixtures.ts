import { sql } from 'drizzle-orm'
import type { Executor } from '../../src/server/db/client'
import { counterTasks, currentDataRequests, taskGroups } from '../../src/server/db/schema'
import { seedRegistryReferences, type RegistryReferences } from '../../src/server/db/seed/registry'
import { ensureCollectingServer } from '../../src/server/repositories/collecting-servers'
import { startEmulator, type EmulatorOptions } from '../../src/server/collector/emulator/emulator'
import type { EmulatedMeterSpec } from '../../src/server/collector/emulator/meter-spec'
import { factories } from '../helpers/factories'

/** Reference data, collecting servers 1 and 2, and the task groups by kind. */
export async function collectionReferences(db: Executor) {
  const refs = await seedRegistryReferences(db)
  await ensureCollectingServer(db, 1)
  await ensureCollectingServer(db, 2)
  const groups = Object.fromEntries((await db.select().from(taskGroups)).map((g) => [g.kind, g.task_group_id])) as Record<
    'registers' | 'instant' | 'profile',
    number
  >
  return { refs, groups }
}

let serial = 70_000_000

/** A point with a meter of `model` installed, its connection parameters pointing at `port` with `netAddress`. */
export async function installedMeter(db: Executor, refs: RegistryReferences, options: { model: string; port: number; netAddress: number; source?: string }) {
  const make = factories(db)
  const pointId = await make.point({ name: `Точка ${serial}`, point_number: `T-${serial}`, address: 'г. Вологда' })
  const counterId = await make.meter({ serial_num: String(serial++), model_id: refs.modelIds[options.model]!, coeff: 2, coeff_voltage: 1 })
  await make.install(pointId, counterId, {
    at: new Date(Date.now() - 30 * 86_400_000),
    coeff: 2,
    sourceId: refs.sourceIds[options.source ?? 'TCP']!,
    connParams: { host: '127.0.0.1', port: String(options.port), net_address: String(options.netAddress), timeout_ms: '300', retries: '1' },
  })
  return { pointId, counterId, serial: String(serial - 1) }
}

/**
 * An emulator on a free port with the meters given by name, each installed on a point of its own at the meter's own
 * address (Mercury 230 ART).
 */
export async function emulatedMeters<N extends string>(
  db: Executor,
  refs: RegistryReferences,
  meters: Record<N, EmulatedMeterSpec>,
  options: Omit<EmulatorOptions, 'port' | 'meters'>,
) {
  const emulator = await startEmulator({ ...options, port: 0, meters: Object.values<EmulatedMeterSpec>(meters) })
  const installed = {} as Record<N, Awaited<ReturnType<typeof installedMeter>>>
  for (const [name, spec] of Object.entries<EmulatedMeterSpec>(meters)) {
    installed[name as N] = await installedMeter(db, refs, { model: 'Меркурий 230 ART', port: emulator.port, netAddress: spec.address })
  }
  return { emulator, installed }
}

/** A Mercury 230 of the emulator answering for a meter installed with installedMeter. */
export const mercury230 = (address: number, extra: Partial<EmulatedMeterSpec> = {}): EmulatedMeterSpec => ({
  protocol: 'mercury230',
  address,
  consumerType: 'office',
  seed: address * 31,
  profileDays: 3,
  ...extra,
})

/** A working task due at `dueAt` directly in the database (the API path is tested separately). */
export async function dueTask(db: Executor, counterId: number, groups: number[], dueAt: Date, serverId = 1) {
  const [task] = await db
    .insert(counterTasks)
    .values({
      counter_id: counterId,
      data_collecting_server_id: serverId,
      interval: 'minutes',
      value: '1',
      task_groups: groups,
      state: 'working',
      next_run_at: dueAt,
    })
    .returning()
  return task!.counter_task_id
}

/** A read request of the meter's info dialog for collecting server `serverId`, directly in the database. */
export async function readRequest(db: Executor, counterId: number, serverId = 1) {
  const [request] = await db.insert(currentDataRequests).values({ counter_id: counterId, data_collecting_server_id: serverId }).returning()
  return request!.request_id
}

export async function logsOf(db: Executor, taskId: number) {
  const result = await db.execute(sql`select due_at, success, data_collecting_server_id from task_logs where counter_task_id = ${taskId} order by due_at`)
  return result.rows as { due_at: Date; success: boolean; data_collecting_server_id: number }[]
}
