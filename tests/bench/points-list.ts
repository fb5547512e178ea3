/**
 * Points and meters lists: 10,000 points and 10,000 meters installed on them, the product in its own process on
 * loopback, autocannon with 50 connections. Embedded PGlite; PostgreSQL too when TEST_DATABASE_URL is set.
 * Also prints the plans of the searches (pg_trgm GIN indexes on points.search_text, searched with LIKE, and on
 * counters.serial_num, searched with ILIKE). Run: npx tsx tests/bench/points-list.ts
 */
import { sql } from 'drizzle-orm'
import type { Executor } from '../../src/server/db/client'
import { seedRegistryReferences } from '../../src/server/db/seed/registry'
import { createBenchDatabase, settleAfterLoad } from './lib/bench-server'
import { load, printTable, type LoadResult } from './lib/load'

const COUNT = 10_000
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8)

/** Set-based inserts: one statement per table keeps PGlite's load time to seconds. */
async function seedVolume(db: Executor): Promise<void> {
  const { modelIds } = await seedRegistryReferences(db)
  const model = modelIds['Меркурий 230 ART']!
  await db.execute(sql`insert into points (point_number, name, address)
    select '35-' || lpad(i::text, 6, '0'),
           (array['ТП-', 'ж/д ул. Ленина, ', 'РП-', 'Котельная № ', 'Школа № '])[1 + i % 5] || i,
           'г. Вологда, ул. ' || (array['Ленина', 'Мира', 'Пушкинская', 'Гагарина'])[1 + i % 4] || ', ' || (i % 200 + 1)
    from generate_series(1, ${COUNT}) i`)
  await db.execute(sql`insert into counters (serial_num, model_id) select (40000000 + i)::text, ${model} from generate_series(1, ${COUNT}) i`)
  await db.execute(sql`insert into point_counters (point_id, counter_id, installed_at, conn_params)
    select p.point_id, c.counter_id, now() - interval '100 days', '{}'::jsonb
    from (select point_id, row_number() over (order by point_id) n from points) p
    join (select counter_id, row_number() over (order by counter_id) n from counters) c on c.n = p.n
    where p.n % 10 <> 0`)
  await settleAfterLoad(db)
}

/** The plan as chosen, and with sequential scans priced out, to show that the trigram index applies to the ILIKE. */
async function plan(db: Executor, label: string, query: ReturnType<typeof sql>): Promise<void> {
  for (const seqscan of ['on', 'off']) {
    const result = await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local enable_seqscan = ${seqscan}`))
      return tx.execute<{ 'QUERY PLAN': string }>(sql`explain ${query}`)
    })
    console.log(`\n${label} (enable_seqscan=${seqscan}):\n${result.rows.map((r) => `  ${r['QUERY PLAN']}`).join('\n')}`)
  }
}

async function run(engine: string, databaseUrl?: string): Promise<LoadResult[]> {
  const bench = await createBenchDatabase({ databaseUrl })
  try {
    await bench.use(async ({ db }) => {
      const started = performance.now()
      await seedVolume(db)
      console.log(`${engine}: ${COUNT} points and ${COUNT} meters in ${Math.round(performance.now() - started)} ms`)
      await plan(db, `${engine}, points search`, sql`select point_id from points where search_text like lower('%ленина, 12%') order by name limit 25`)
      await plan(db, `${engine}, points search count`, sql`select count(*) from points where search_text like lower('%ленина, 12%')`)
      await plan(db, `${engine}, meters search`, sql`select counter_id from counters where serial_num ilike '%4000123%' order by serial_num limit 25`)
    })
    const product = await bench.serve()
    try {
      const cases: [string, string][] = [
        ['GET /api/points/ (первая страница)', '/api/points/'],
        ['GET /api/points/?search=ленина, 12', `/api/points/?search=${encodeURIComponent('ленина, 12')}`],
        ['GET /api/points/?ordering=-address', '/api/points/?ordering=-address'],
        ['GET /api/points/?ordering=has_counter&search=ТП', `/api/points/?ordering=has_counter&search=${encodeURIComponent('ТП')}`],
        ['GET /api/counters/ (первая страница)', '/api/counters/'],
        ['GET /api/counters/?search=4000123', '/api/counters/?search=4000123'],
      ]
      const results: LoadResult[] = []
      for (const [name, path] of cases) {
        const check = await fetch(`${product.url}${path}`, { headers: product.headers })
        if (check.status !== 200) throw new Error(`${path}: ${check.status} ${await check.text()}`)
        results.push(await load(`${engine}: ${name}`, { url: `${product.url}${path}`, headers: product.headers, seconds: SECONDS }))
      }
      return results
    } finally {
      await product.stop()
    }
  } finally {
    bench.remove()
  }
}

const rows = await run('PGlite')
if (process.env.TEST_DATABASE_URL) rows.push(...(await run('PostgreSQL', process.env.TEST_DATABASE_URL)))
printTable(`Списки точек учёта и счётчиков, ${COUNT} строк, 50 соединений`, rows)
