// Crash and restart check (`npm run check:crash`): kill -9 of the server in the middle of a burst of writes,
// restart on the same data, and verify that every acknowledged write is there exactly once and that nothing is
// half-written (a user always comes with its group). Then a graceful stop: a request in flight still finishes.
// Runs on the embedded PGlite, and on PostgreSQL when BENCH_DATABASE_URL is set.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { signInOver, startServerProcess, type ServerProcess } from './lib/server-process'

const PASSWORD = 'crash-admin-password'
const GROUP_ID = 1

type Outcome = { acknowledged: string[]; attempted: string[] }

async function burst(server: ServerProcess, token: string, killAfterMs: number): Promise<Outcome> {
  const acknowledged: string[] = []
  const attempted: string[] = []
  let n = 0
  let stop = false
  const worker = async () => {
    while (!stop) {
      const username = `crash${n++}`
      attempted.push(username)
      try {
        const res = await fetch(`${server.url}/api/users/`, {
          method: 'POST',
          headers: { authorization: `JWT ${token}`, 'content-type': 'application/json', 'idempotency-key': `crash-${username}` },
          body: JSON.stringify({
            username,
            first_name: 'Тест',
            last_name: 'Сбой',
            email: `${username}@example.ru`,
            password: 'crash-pass-1',
            groups: [GROUP_ID],
          }),
        })
        if (res.status === 201) acknowledged.push(username)
      } catch {
        stop = true
      }
    }
  }
  const workers = Array.from({ length: 8 }, worker)
  await new Promise((resolve) => setTimeout(resolve, killAfterMs))
  server.child.kill('SIGKILL')
  stop = true
  await Promise.all(workers)
  return { acknowledged, attempted }
}

async function check(label: string, env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'crash-'))
  const port = 19000 + Math.floor(Math.random() * 500)
  const common = { DATA_DIR: dataDir, ADMIN_PASSWORD: PASSWORD, DEMO: '0', COLLECTOR: '0', EMULATOR: '0', ...env }
  try {
    let server = await startServerProcess(common, port)
    const token = await signInOver(server.url, 'admin', PASSWORD)
    const { acknowledged, attempted } = await burst(server, token, 2500)
    await server.stop()

    server = await startServerProcess(common, port)
    const again = await signInOver(server.url, 'admin', PASSWORD)
    const res = await fetch(`${server.url}/api/users/?page_size=all&search=crash`, { headers: { authorization: `JWT ${again}` } })
    const users = ((await res.json()) as { results: { username: string; groups: number[] }[] }).results
    const names = users.map((u) => u.username)
    const lost = acknowledged.filter((u) => !names.includes(u))
    const duplicated = names.filter((u, i) => names.indexOf(u) !== i)
    const halfWritten = users.filter((u) => !u.groups.includes(GROUP_ID)).map((u) => u.username)
    console.log(`\n${label}: попыток записи ${attempted.length}, подтверждено ${acknowledged.length}, после перезапуска найдено ${users.length}`)
    console.log(`  потеряно подтверждённых: ${lost.length}, записано дважды: ${duplicated.length}, записано наполовину: ${halfWritten.length}`)

    // A request in flight when SIGTERM arrives still gets its answer.
    const slow = fetch(`${server.url}/api/users/?page_size=all`, { headers: { authorization: `JWT ${again}` } }).then((r) => r.status)
    const stopped = server.stop('SIGTERM')
    const [status, code] = await Promise.all([slow.catch(() => 0), stopped])
    console.log(`  плавная остановка: запрос в работе получил ${status}, процесс завершился с кодом ${code}`)
    if (lost.length || duplicated.length || halfWritten.length || status !== 200) process.exitCode = 1
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

await check('встроенная база PGlite', {})
if (process.env.BENCH_DATABASE_URL)
  await check('PostgreSQL', { DATABASE_URL: process.env.BENCH_DATABASE_URL, JWT_SECRET: 'crash-secret-crash-secret-crash-secret-00' })
