// Mixed workload at 100 connections for 60 s against the product with its demo data (embedded database, and
// PostgreSQL when BENCH_DATABASE_URL is set): lists, balances, current data, reports, the application check.
// Prints p99 per endpoint, errors, and the server's memory at the start and the end of the run.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { load, printTable, type LoadResult } from './lib/load'
import { signInOver, startServerProcess } from './lib/server-process'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60)
const PASSWORD = 'bench-admin-password'

async function firstId(url: string, token: string, path: string, key: string): Promise<number> {
  const res = await fetch(`${url}${path}`, { headers: { authorization: `JWT ${token}` } })
  const body = (await res.json()) as { results?: Record<string, number>[] } | Record<string, number>[]
  const rows = Array.isArray(body) ? body : (body.results ?? [])
  return rows[0]?.[key] ?? 1
}

async function run(label: string, env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-load-'))
  const server = await startServerProcess(
    { DATA_DIR: dataDir, ADMIN_PASSWORD: PASSWORD, DEMO: '1', COLLECTOR: '0', ...env },
    18000 + Math.floor(Math.random() * 1000),
  )
  try {
    const token = await signInOver(server.url, 'admin', PASSWORD)
    const headers = { authorization: `JWT ${token}` }
    const representId = await firstId(server.url, token, '/api/represents/all/', 'represent_id')
    const pointId = await firstId(server.url, token, '/api/points/?per_page=1', 'point_id')
    const counterId = await firstId(server.url, token, '/api/counters/?per_page=1', 'counter_id')
    const today = new Date().toISOString().slice(0, 10)
    const monthStart = `${today.slice(0, 8)}01`
    const endpoints: [string, string, 'GET' | 'POST'][] = [
      ['точки учёта', '/api/points/?per_page=25&ordering=name', 'GET'],
      ['поиск точек', '/api/points/?search=%D0%A2%D0%9F&per_page=25', 'GET'],
      ['счётчики', '/api/counters/?per_page=25', 'GET'],
      ['баланс объекта', `/api/represents/${representId}/points_profile_data/?interval=30&beginDate=${monthStart}&endDate=${today}`, 'GET'],
      ['текущие данные', `/api/counter/${counterId}/get_current_data/`, 'GET'],
      ['проверка заявок', '/api/document_request/check/', 'GET'],
      ['отчёт 80020', `/api/get_report/?report=Form80020Report&point_id=${pointId}&beg_date=${monthStart}&end_date=${today}`, 'POST'],
    ]
    // All endpoints at once for the whole run. Reports get one connection and the balance two: a user builds one report
    // and two object tables at a time, and further ones at once are refused with 429 (lib/work-slots.ts).
    const connections = (method: string, url: string) => (method === 'POST' ? 1 : url.includes('points_profile_data') ? 2 : 16)
    const samples: number[] = []
    const sampler = setInterval(() => samples.push(server.rssMb()), 5000)
    samples.push(server.rssMb())
    const rows: LoadResult[] = await Promise.all(
      endpoints.map(([name, url, method]) =>
        load(name, { url: `${server.url}${url}`, method, headers, connections: connections(method, url), seconds: SECONDS }),
      ),
    )
    clearInterval(sampler)
    samples.push(server.rssMb())
    printTable(`Смешанная нагрузка, ${label}: ${SECONDS} с, ${endpoints.reduce((n, [, u, m]) => n + connections(m, u), 0)} соединений`, rows)
    // Growth is judged between the first sample under load and the end, after the caches have warmed up.
    const warm = samples[1] ?? samples[0]!
    const last = samples[samples.length - 1]!
    console.log(
      `Память сервера: ${samples[0]} МБ в покое, ${warm} МБ под нагрузкой в начале, ${last} МБ в конце (рост ${Math.round(((last - warm) / warm) * 100)} %)`,
    )
  } finally {
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

await run('встроенная база PGlite', {})
if (process.env.BENCH_DATABASE_URL)
  await run('PostgreSQL', { DATABASE_URL: process.env.BENCH_DATABASE_URL, JWT_SECRET: 'bench-secret-bench-secret-bench-secret-00' })
