/**
 * Report benchmark through the real route: form 010 for an object of 1,000 points over May (registers read
 * every midnight) and form 80020 for one point over 31 days (four channels, 5,952 half-hours). Prints the time
 * of each and the memory the process adds above idle while making it (peak RSS sampled every 5 ms, which
 * includes the PGlite worker). Run: npx tsx tests/bench/reports.ts
 */
import { counterModelApis, counterModels, counters, pointCounters, points, representPoints, represents, resourceTypes } from '../../src/server/db/schema'
import { storeIntervals, storeRegisterReadings, type IntervalRow, type RegisterRow } from '../../src/server/repositories/readings'
import { startTestApp, type TestApp } from '../helpers/test-app'
import { msk } from '../helpers/factories'

const POINTS = 1000
const RUNS = 5
const TARGETS = { form010Ms: 5000, form010Mb: 200, form80020Ms: 1000 }
const DAY = 86_400_000
const MB = 1024 * 1024

async function seed(t: TestApp) {
  const db = t.database.db
  const [rt] = await db.insert(resourceTypes).values({ name: 'Электроэнергия' }).returning()
  const [api] = await db.insert(counterModelApis).values({ name: 'Меркурий 230', resource_type_id: rt!.resource_type_id }).returning()
  const [model] = await db
    .insert(counterModels)
    .values({ name: 'Меркурий 230 ART', resource_type_id: rt!.resource_type_id, counter_model_api_id: api!.counter_model_api_id })
    .returning()
  const [object] = await db.insert(represents).values({ name: 'РП-1' }).returning()
  const pointRows = await db
    .insert(points)
    .values(Array.from({ length: POINTS }, (_, i) => ({ name: `Точка ${i + 1}`, point_number: String(100000 + i), address: 'ул. Ленина' })))
    .returning()
  const counterRows = await db
    .insert(counters)
    .values(pointRows.map((_, i) => ({ serial_num: String(2_000_000 + i), model_id: model!.model_id })))
    .returning()
  await db
    .insert(pointCounters)
    .values(pointRows.map((p, i) => ({ point_id: p.point_id, counter_id: counterRows[i]!.counter_id, installed_at: msk('2025-01-01T00:00:00'), coeff: 40 })))
  await db
    .insert(representPoints)
    .values(pointRows.map((p, i) => ({ represent_id: object!.represent_id, point_id: p.point_id, color: '#3182ce', order_num: i })))

  const readings: RegisterRow[] = []
  const start = msk('2025-05-01T00:00:00').getTime()
  for (const c of counterRows) {
    for (let day = 0; day <= 31; day++) {
      for (let tariff = 0; tariff <= 3; tariff++) {
        readings.push({
          counter_id: c.counter_id,
          channel: 1,
          tariff,
          read_at: new Date(start + day * DAY),
          value: 1000 * tariff + day * 12.5 + c.counter_id / 1000,
        })
      }
    }
  }
  await storeRegisterReadings(db, readings)
  const profile: IntervalRow[] = []
  for (let at = start; at < start + 31 * DAY; at += 1_800_000) {
    for (const channel of [1, 2, 3, 4]) profile.push({ counter_id: counterRows[0]!.counter_id, channel, interval_start: new Date(at), value: 0.25 * channel })
  }
  await storeIntervals(db, profile)
  return { objectId: object!.represent_id, pointId: pointRows[0]!.point_id }
}

async function measure(t: TestApp, url: string) {
  globalThis.gc?.()
  const idle = process.memoryUsage().rss
  let peak = idle
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5)
  const times: number[] = []
  let bytes = 0
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now()
    const res = await t.call(t.adminToken, { method: 'POST', url })
    times.push(performance.now() - started)
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`)
    bytes = res.rawPayload.length
  }
  clearInterval(sampler)
  times.sort((a, b) => a - b)
  return { median: times[Math.floor(RUNS / 2)]!, max: times.at(-1)!, addedMb: (peak - idle) / MB, bytes }
}

const t = await startTestApp()
try {
  const { objectId, pointId } = await seed(t)
  const f010 = await measure(t, `/api/get_report/?report=Form010Report&represents_id=${objectId}&beg_date=2025-05-01&end_date=2025-05-31`)
  const f80020 = await measure(t, `/api/get_report/?report=Form80020Report&point_id=${pointId}&beg_date=2025-05-01&end_date=2025-05-31`)
  const xml = await measure(t, `/api/get_report/?report=Form80020XmlReport&point_id=${pointId}&beg_date=2025-05-01&end_date=2025-05-31`)
  const line = (name: string, r: typeof f010) =>
    `${name}: median ${r.median.toFixed(0)} ms, max ${r.max.toFixed(0)} ms, +${r.addedMb.toFixed(0)} MB RSS above idle, ${(r.bytes / 1024).toFixed(0)} KiB`
  console.log(line(`form 010, ${POINTS} points, May`, f010))
  console.log(line('form 80020 xlsx, 1 point, 31 days', f80020))
  console.log(line('form 80020 xml (zip of 31 files)', xml))
  const ok = f010.median < TARGETS.form010Ms && f010.addedMb < TARGETS.form010Mb && f80020.median < TARGETS.form80020Ms
  console.log(`targets (010 < ${TARGETS.form010Ms} ms and < ${TARGETS.form010Mb} MB; 80020 < ${TARGETS.form80020Ms} ms): ${ok ? 'met' : 'NOT met'}`)
  process.exitCode = ok ? 0 : 1
} finally {
  await t.close()
}
