import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

export type ServerProcess = { url: string; child: ChildProcess; rssMb: () => number; stop: (signal?: NodeJS.Signals) => Promise<number | null> }

/** The product as `npm start` runs it (minus the build), in its own process, so that its memory can be watched. */
export async function startServerProcess(env: Record<string, string>, port: number): Promise<ServerProcess> {
  // BENCH_CPU_PROFILE=<folder> writes V8 CPU profiles of the product's threads there when it stops (one per thread).
  const profile = process.env.BENCH_CPU_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`] : []
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', path.join(root, 'src/server/main.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const url = `http://127.0.0.1:${port}`
  await new Promise<void>((resolve, reject) => {
    let out = ''
    child.stdout!.on('data', (chunk) => {
      out += chunk.toString()
      if (out.includes('Консоль АСКУЭ')) resolve()
    })
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)))
  })
  return {
    url,
    child,
    rssMb: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8')
      return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024)
    },
    stop: (signal = 'SIGTERM') =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode)
        child.once('exit', (code) => resolve(code))
        child.kill(signal)
      }),
  }
}

export async function signInOver(url: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/api-token-auth/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  })
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`)
  return ((await res.json()) as { token: string }).token
}
