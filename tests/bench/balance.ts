/**
 * Balance benchmark: points_profile_data of an object with 100 points, a month at 30 minutes (148,800 values)
 * and a year at 1440 minutes, through the real route. Embedded PGlite by default; PostgreSQL too when
 * TEST_DATABASE_URL is set. Run: npx tsx tests/bench/balance.ts
 */
import { storeIntervals, type IntervalRow } from '../../src/server/repositories/readings'
import { CHANNEL } from '../../src/shared/metering'
import { factories, msk } from '../helpers/factories'
import { startTestApp, type TestApp } from '../helpers/test-app'

const POINTS = 100
const RUNS = 40
const HALF = 1_800_000

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

async function measure(t: TestApp, url: string): Promise<{ median: number; p99: number; values: number }> {
  const first = await t.call(t.adminToken, { method: 'GET', url })
  if (first.statusCode !== 200) throw new Error(`${url}: ${first.statusCode} ${first.body}`)
  const body = first.json() as { items: { values: Record<string, number | null> }[] }
  const times: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now()
    await t.call(t.adminToken, { method: 'GET', url })
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  return { median: percentile(times, 50), p99: percentile(times, 99), values: body.items.length * POINTS }
}

async function run(engine: string) {
  const t = await startTestApp()
  try {
    const make = factories(t.database.db)
    const created = await t.call(t.adminToken, { method: 'POST', url: '/api/represents/', payload: { name: 'Бенчмарк' } })
    const id = created.json().represent_id as number
    const yearStart = msk('2023-01-01T00:00:00').getTime()
    const yearEnd = msk('2024-01-01T00:00:00').getTime()
    const loadStarted = performance.now()
    for (let p = 0; p < POINTS; p++) {
      const point = await make.point({ name: `Точка ${p + 1}` })
      const counter = await make.meter()
      await make.install(point, counter, { at: msk('2022-01-01T00:00:00'), coeff: 40 })
      await t.call(t.adminToken, { method: 'POST', url: `/api/represents/${id}/add_point/?point_id=${point}` })
      const rows: IntervalRow[] = []
      for (let at = yearStart; at < yearEnd; at += HALF)
        rows.push({ counter_id: counter, channel: CHANNEL.A_PLUS, interval_start: new Date(at), value: 0.5 + ((at / HALF + p) % 7) / 10 })
      await storeIntervals(t.database.db, rows)
    }
    process.stdout.write(`${engine}: loaded ${POINTS} points x 1 year of half-hours in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s\n`)
    const month = await measure(t, `/api/represents/${id}/points_profile_data/?beginDate=2023-03-01&endDate=2023-03-31&interval=30`)
    process.stdout.write(
      `${engine}: 31 days x 30 min (${month.values.toLocaleString('en')} values): median ${month.median.toFixed(1)} ms, p99 ${month.p99.toFixed(1)} ms\n`,
    )
    const year = await measure(t, `/api/represents/${id}/points_profile_data/?beginDate=2023-01-01&endDate=2023-12-31&interval=1440`)
    process.stdout.write(
      `${engine}: 365 days x 1440 min (${year.values.toLocaleString('en')} values): median ${year.median.toFixed(1)} ms, p99 ${year.p99.toFixed(1)} ms\n`,
    )
  } finally {
    await t.close()
  }
}

const url = process.env.TEST_DATABASE_URL
delete process.env.TEST_DATABASE_URL
await run('PGlite')
if (url) {
  process.env.TEST_DATABASE_URL = url
  await run('PostgreSQL')
}
