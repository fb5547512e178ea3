import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { ChakraProvider } from '@chakra-ui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { appSystem } from '../../src/client/app/system'
import { ReportForm, type ReportFormSpec } from '../../src/client/features/reports/components/report-form'
import { session } from '../../src/client/lib/session'
import { T } from '../../src/shared/texts'

/*
 * The report screen against the real server over HTTP: a server process of its own (jsdom cannot host the
 * database worker), fetch given the server's origin for the console's relative paths.
 */
const ADMIN = { username: 'admin', password: 'admin-password' }
const realFetch = globalThis.fetch
const port = 20_000 + Math.floor(Math.random() * 20_000)
const origin = `http://127.0.0.1:${port}`
const dataDir = mkdtempSync(path.join(tmpdir(), 'report-form-'))
let server: ChildProcess

async function serverUp(): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt++) {
    const up = await realFetch(`${origin}/api/health/`).then((r) => r.ok, () => false)
    if (up) return
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error('the server did not start')
}

async function call(token: string | null, method: string, url: string, body?: unknown) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', ...(token ? { Authorization: `JWT ${token}` } : {}) }
  return realFetch(`${origin}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
}

beforeAll(async () => {
  server = spawn(path.resolve('node_modules/.bin/tsx'), ['src/server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password,
      DEMO: '0', COLLECTOR: '0', EMULATOR: '0', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  })
  await serverUp()
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => realFetch(`${origin}${input}`, init))
  const login = await call(null, 'POST', '/api/api-token-auth/', ADMIN)
  const { token } = (await login.json()) as { token: string }
  // A point of no object: only the search reaches it.
  const created = await call(token, 'POST', '/api/points/', { name: 'Одинокая точка', point_number: '990001', address: 'ул. Полевая, 1' })
  expect(created.status).toBe(201)
  session.signIn(token)
}, 120_000)
afterAll(async () => {
  session.signOut()
  vi.unstubAllGlobals()
  const exited = new Promise((resolve) => server.once('exit', resolve))
  server.kill('SIGTERM')
  await exited
  rmSync(dataDir, { recursive: true, force: true })
})

const FORM_010: ReportFormSpec = {
  title: 'Форма 010',
  pick: 'objects',
  dates: 'period',
  formats: [{ report: 'Form010Report', label: 'XLSX' }],
  tariffs: false,
}

function open(spec: ReportFormSpec) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <ChakraProvider value={appSystem()}>
      <QueryClientProvider client={queryClient}>
        <ReportForm spec={spec} />
      </QueryClientProvider>
    </ChakraProvider>,
  )
}

const day = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`

describe('a report screen', () => {
  it('starts with this month, offers last month and shows no error before any input', async () => {
    const { unmount } = open(FORM_010)
    const begin = screen.getByLabelText(T.reportDateBegin) as HTMLInputElement
    const end = screen.getByLabelText(T.reportDateEnd) as HTMLInputElement
    const now = new Date()
    expect([begin.value, end.value]).toEqual([day(new Date(now.getFullYear(), now.getMonth(), 1)), day(now)])
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.queryByText(T.reportNoPoints)).toBeNull()

    await userEvent.setup().click(screen.getByRole('button', { name: T.reportLastMonth }))
    expect([begin.value, end.value]).toEqual([day(new Date(now.getFullYear(), now.getMonth() - 1, 1)), day(new Date(now.getFullYear(), now.getMonth(), 0))])
    unmount()
  })

  it('finds a point in no object by name or identifier and reports on it', async () => {
    const { unmount } = open(FORM_010)
    const user = userEvent.setup()
    const generate = screen.getByRole('button', { name: new RegExp(T.reportGenerate) })
    expect(generate).toBeDisabled()
    await user.type(screen.getByRole('searchbox', { name: T.reportPointSearch }), '990001')
    const hits = await screen.findByRole('list', { name: T.reportPointHits }, { timeout: 30_000 })
    const hit = within(hits).getByRole('checkbox', { name: /Одинокая точка/ })
    expect(within(hits).getByText(new RegExp(T.reportPointInNoObject))).toBeInTheDocument()
    await user.click(hit)
    await waitFor(() => expect(screen.getByText(/Точки учёта: Одинокая точка/)).toBeInTheDocument())
    expect(generate).toBeEnabled()
    unmount()
  }, 60_000)
})
