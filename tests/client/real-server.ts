import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, vi } from 'vitest'

export const ADMIN = { username: 'admin', password: 'admin-password' }

export interface RealServer {
  /** A call straight to the server, outside the console's own fetch. */
  call: (token: string | null, method: string, url: string, body?: unknown) => Promise<Response>
  stop: () => Promise<void>
}

/**
 * A server process of the test file's own (jsdom cannot host the database worker) on an empty database with ADMIN,
 * and fetch given its origin for the console's relative paths until `stop`.
 */
export async function startRealServer(name: string): Promise<RealServer> {
  const realFetch = globalThis.fetch
  const port = 20_000 + Math.floor(Math.random() * 20_000)
  const origin = `http://127.0.0.1:${port}`
  const dataDir = mkdtempSync(path.join(tmpdir(), `${name}-`))
  const server: ChildProcess = spawn(path.resolve('node_modules/.bin/tsx'), ['src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      DEMO: '0',
      COLLECTOR: '0',
      EMULATOR: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  })
  await serverUp(realFetch, origin)
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => realFetch(`${origin}${input}`, init))
  return {
    call: (token, method, url, body) => {
      const headers: Record<string, string> = { 'Content-Type': 'application/json', ...(token ? { Authorization: `JWT ${token}` } : {}) }
      return realFetch(`${origin}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
    },
    stop: async () => {
      vi.unstubAllGlobals()
      const exited = new Promise((resolve) => server.once('exit', resolve))
      server.kill('SIGTERM')
      await exited
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** The JSON of a server's answer, which must have this status (the body is shown when it has not). */
export async function json<T>(response: Promise<Response>, status: number): Promise<T> {
  const answer = await response
  const body = await answer.text()
  expect(answer.status, body).toBe(status)
  return JSON.parse(body) as T
}

/** Signs in through the API: the token. */
export const signInAs = async (server: RealServer, username: string, password: string) =>
  (await json<{ token: string }>(server.call(null, 'POST', '/api/api-token-auth/', { username, password }), 200)).token

/** A group with the given rights and a staff user in it, made by the administrator through the API; signed in. */
export async function staffWith(server: RealServer, adminToken: string, codes: string[], user: { username: string; first_name: string; last_name: string }) {
  const permissions = await json<{ permission_id: number; codename: string }[]>(server.call(adminToken, 'GET', '/api/permissions/'), 200)
  const ids = permissions.filter((p) => codes.includes(p.codename)).map((p) => p.permission_id)
  const group = await json<{ permissions_group_id: number }>(
    server.call(adminToken, 'POST', '/api/permissions_groups/', { name: `Группа ${user.username}`, permissions: ids }),
    201,
  )
  const password = 'password-of-test'
  const created = await json<{ user_id: number }>(
    server.call(adminToken, 'POST', '/api/users/', { ...user, password, groups: [group.permissions_group_id] }),
    201,
  )
  return { userId: created.user_id, token: await signInAs(server, user.username, password) }
}

async function serverUp(realFetch: typeof fetch, origin: string): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt++) {
    const up = await realFetch(`${origin}/api/health/`).then(
      (r) => r.ok,
      () => false,
    )
    if (up) return
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error('the server did not start')
}
