/**
 * `npx tsx tests/bench/collector.ts`: one collecting service polls 1,000 emulated Mercury 230 meters (latency 50-150 ms
 * a frame) for energy and a day of profile, 4 meters on the bus of each of 250 converters: the meters of a converter
 * are polled in turn (it has one serial line), the converters at once. Prints the time of the whole round and the
 * memory it added to the idle server (targets: under 60 s, under 200 MB). The emulators run in a child process so
 * that their memory is not counted.
 */
import { fork, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import { openDatabase } from '../../src/server/db/client'
import { seedRegistryReferences } from '../../src/server/db/seed/registry'
import { ensureCollectingServer } from '../../src/server/repositories/collecting-servers'
import { runRound } from '../../src/server/collector/round'
import { secretBox } from '../../src/server/lib/secret-box'
import { startEmulator } from '../../src/server/collector/emulator/emulator'
import type { EmulatedMeterSpec } from '../../src/server/collector/emulator/meter-spec'

const METERS = 1000
/** Meters of one converter have consecutive ids, so their tasks are claimed together, as an installer's would be. */
const PER_BUS = 4
const BUSES = METERS / PER_BUS
const BASE_PORT = 25_300
const CONCURRENCY = 250

const busMeters = (bus: number): EmulatedMeterSpec[] =>
  Array.from({ length: PER_BUS }, (_, i) => ({ protocol: 'mercury230', address: i + 1, consumerType: 'office', seed: bus * 1000 + i, profileDays: 2 }))

async function runEmulators(): Promise<void> {
  for (let bus = 0; bus < BUSES; bus++) await startEmulator({ port: BASE_PORT + bus, meters: busMeters(bus), latencyMs: [50, 150] })
  process.send?.('ready')
}

async function main(): Promise<void> {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ['--emulators'], { execArgv: ['--import', 'tsx'] })
  await new Promise<void>((resolve) => child.once('message', () => resolve()))
  const database = await openDatabase({ dataDir: 'memory://' })
  const db = database.db
  const refs = await seedRegistryReferences(db)
  await ensureCollectingServer(db, 1)
  const modelId = refs.modelIds['Меркурий 230 ART']!
  const groups = (await db.execute(sql`select task_group_id from task_groups where kind in ('registers', 'profile')`)).rows.map(
    (r) => (r as { task_group_id: number }).task_group_id,
  )
  await db.execute(sql`insert into points (point_number, name, address) select 'B-' || n, 'Точка ' || n, 'Стенд' from generate_series(1, ${METERS}) n`)
  await db.execute(sql`insert into counters (serial_num, model_id) select (80000000 + n)::text, ${modelId} from generate_series(1, ${METERS}) n`)
  await db.execute(sql`
    insert into point_counters (point_id, counter_id, installed_at, source_id, conn_params)
    select p.point_id, c.counter_id, now() - interval '30 days', ${refs.sourceIds.TCP!},
      jsonb_build_object('host', '127.0.0.1', 'port', (${BASE_PORT} + (c.counter_id - 1) / ${PER_BUS})::text,
        'net_address', ((c.counter_id - 1) % ${PER_BUS} + 1)::text, 'timeout_ms', '1000', 'retries', '2')
    from points p join counters c on c.counter_id = p.point_id`)
  await db.execute(sql`
    insert into counter_tasks (counter_id, data_collecting_server_id, interval, value, task_groups, state, next_run_at)
    select counter_id, 1, 'cron', '*/30 * * * *', ${JSON.stringify(groups)}::jsonb, 'working', now() from counters`)

  global.gc?.()
  const idle = process.memoryUsage().rss
  let peak = idle
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100)
  const started = performance.now()
  const round = await runRound(db, 1, new Date(), { concurrency: CONCURRENCY, deadlineMs: 120_000, box: secretBox('bench-secret-bench-secret-bench-secret-0') })
  const seconds = (performance.now() - started) / 1000
  clearInterval(sampler)
  const intervals = (await db.execute(sql`select count(*)::int as n from interval_values`)).rows[0] as { n: number }
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0)
  console.log(`meters: ${round.tasks}, succeeded: ${round.succeeded}, failed: ${round.failed}, interval values stored: ${intervals.n}`)
  console.log(`round: ${seconds.toFixed(1)} s (target < 60 s), concurrency ${CONCURRENCY}`)
  console.log(`memory: idle ${mb(idle)} MB, peak ${mb(peak)} MB, added ${mb(peak - idle)} MB (target < 200 MB)`)
  child.kill()
  await database.close()
}

if (process.argv.includes('--emulators')) void runEmulators()
else
  main().catch((error) => {
    console.error(error)
    process.exit(1)
  })
