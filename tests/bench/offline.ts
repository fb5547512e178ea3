/**
 * The offline console in Chromium against the real server (the built console, as `npm start` serves it):
 *  1. cold start with no network into an interactive points list, 10,000 points cached on the device;
 *  2. replay of 1,000 queued point edits once the network is back: time, and each applied exactly once.
 * Run: npx vite build && npx tsx tests/bench/offline.ts
 */
import { and, eq, inArray, sql } from 'drizzle-orm'
import { auditLog, points } from '../../src/server/db/schema'
import { goOffline, goOnline, startE2E } from '../e2e/harness'
import { waitForStoreCount } from '../e2e/idb'

const CACHED_POINTS = 10_000
const QUEUED_EDITS = 1_000
const COLD_STARTS = 5
const START_BUDGET_MS = 1_500
const REPLAY_BUDGET_MS = 5_000

const e = await startE2E()
let failed = false
try {
  // 10,000 points straight into the database (the API would take minutes and is not what is measured).
  const rows = Array.from({ length: CACHED_POINTS }, (_, i) => ({
    point_number: `35-${String(i + 1).padStart(6, '0')}`,
    name: `ТП-${(i % 900) + 1} ввод ${(i % 4) + 1} (${i + 1})`,
    address: `г. Вологда, ул. Ленина, ${(i % 200) + 1}`,
  }))
  for (let i = 0; i < rows.length; i += 1_000) await e.database.db.insert(points).values(rows.slice(i, i + 1_000))

  const context = await e.newContext({ width: 1280, height: 900 })
  const page = await context.newPage()
  await e.signIn(page)
  await page.evaluate(async () => navigator.serviceWorker.ready)
  // The points screen mirrors the whole list on the device; the mirror is complete when IndexedDB holds every row.
  await page.goto('/points')
  await waitForStoreCount(page, 'points', (n) => n === CACHED_POINTS)

  await goOffline(context)
  const starts: number[] = []
  for (let i = 0; i < COLD_STARTS; i += 1) {
    await page.reload({ waitUntil: 'commit' })
    await page.getByText('Нет связи с сервером: показаны данные, сохранённые на устройстве').waitFor()
    await page.getByRole('row').nth(25).waitFor()
    // From the navigation's start to the first page of rows on screen, in the page's own clock.
    starts.push(await page.evaluate(() => performance.now()))
  }
  starts.sort((a, b) => a - b)
  const startMedian = starts[Math.floor(starts.length / 2)]!
  console.log(`offline cold start to an interactive points list, ${CACHED_POINTS} cached points, ${COLD_STARTS} starts`)
  console.log(`  median ${startMedian.toFixed(0)} ms, slowest ${starts.at(-1)!.toFixed(0)} ms (budget ${START_BUDGET_MS} ms)`)
  if (startMedian > START_BUDGET_MS) failed = true

  // 1,000 edits queued offline, as enqueueEdit stores them (the local row changed, one outbox entry each).
  const edited = (await e.database.db.select({ id: points.point_id }).from(points).orderBy(points.point_id).limit(QUEUED_EDITS)).map((r) => r.id)
  await page.evaluate(queueEdits, edited)
  // The replay runs while the points list is open, as when a person comes back online at work.
  await page.reload()
  await page.getByText(`Ожидают отправки: ${QUEUED_EDITS}`).waitFor()

  const replayStart = performance.now()
  await goOnline(context)
  await waitForStoreCount(page, 'outbox', (n) => n === 0)
  const replayMs = performance.now() - replayStart

  const applied = await e.database.db
    .select({ id: auditLog.entity_id, n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'point'), eq(auditLog.action, 'update'), inArray(auditLog.entity_id, edited.map(String))))
    .groupBy(auditLog.entity_id)
  const once = applied.filter((row) => Number(row.n) === 1).length
  const remarks = await e.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(points)
    .where(and(inArray(points.point_id, edited), sql`${points.remark} like 'офлайн %'`, eq(points.version, 2)))
  console.log(`replay of ${QUEUED_EDITS} queued edits`)
  console.log(`  ${(replayMs / 1000).toFixed(1)} s, ${(QUEUED_EDITS / (replayMs / 1000)).toFixed(0)} edits/s (budget ${REPLAY_BUDGET_MS / 1000} s)`)
  console.log(`  applied exactly once: ${once} of ${QUEUED_EDITS}; rows holding the edit at version 2: ${Number(remarks[0]?.n)}`)
  if (replayMs > REPLAY_BUDGET_MS || once !== QUEUED_EDITS || applied.length !== QUEUED_EDITS || Number(remarks[0]?.n) !== QUEUED_EDITS) failed = true
} finally {
  await e.close()
}
if (failed) process.exitCode = 1

/** Runs in the page: what enqueueEdit writes for a remark edit of each point, in one transaction. */
function queueEdits(ids: number[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('metering-console')
    open.onerror = () => reject(open.error)
    open.onsuccess = () => {
      const db = open.result
      const tx = db.transaction(['points', 'outbox'], 'readwrite')
      const rows = tx.objectStore('points')
      const outbox = tx.objectStore('outbox')
      const now = Date.now()
      ids.forEach((id, i) => {
        const read = rows.get(id)
        read.onsuccess = () => {
          const base = read.result as Record<string, unknown>
          const patch = { remark: `офлайн ${i}` }
          rows.put({ ...base, ...patch })
          outbox.add({
            mutationId: `BENCH${String(now)}${String(i).padStart(6, '0')}`.slice(0, 26).padEnd(26, '0'),
            entity: 'point',
            entityId: id,
            op: 'update',
            patch,
            baseVersion: base.version,
            base,
            createdAt: now + i,
            attempts: 0,
            nextAttemptAt: 0,
            status: 'pending',
            lastError: null,
            serverRow: null,
          })
        }
      })
      tx.oncomplete = () => {
        db.close()
        resolve()
      }
      tx.onerror = () => reject(tx.error)
    }
  })
}
