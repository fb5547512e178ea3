import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { QueryClient } from '@tanstack/react-query'
import { flushNow, outboxTransport, startSync, syncState } from '../../../src/client/app/sync'
import { requestCheckKey } from '../../../src/client/features/requests/api/check'
import { api } from '../../../src/client/lib/api-client'
import { session } from '../../../src/client/lib/session'
import { cacheServerRows, countWaiting, enqueueEdit, NetworkError, offlineDb } from '../../../src/client/offline'
import { COLLEAGUE, ME, point, tokenOf } from '../offline/helpers'
import { testQueryClient } from '../render-in-app'
import { T } from '../../../src/shared/texts'

/**
 * The browser's network as the sync module meets it: a stand-in for fetch that answers like the server
 * (the check call, batches of point updates) or fails like a dead connection.
 */
class Network {
  down = false
  /** A proxy in front of a dead server: every call gets its HTML error page. */
  proxyDown = false
  status = 200
  checks = 0
  /** The headers of every batch. */
  readonly batches: Record<string, string>[] = []
  /** Every entry of every batch, by its path. */
  readonly writes: { url: string; headers: Record<string, string> }[] = []

  fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    if (this.down) throw new TypeError('Failed to fetch')
    if (this.proxyDown) return new Response('<html><h1>502 Bad Gateway</h1></html>', { status: 502, headers: { 'Content-Type': 'text/html' } })
    const url = String(input)
    if (url.startsWith('/api/document_request/check/')) {
      this.checks += 1
      return Response.json({ unassigned: 1, new_messages: 0 }, { status: this.status === 200 ? 200 : this.status })
    }
    if (init.method === 'GET') return Response.json({ count: 0, results: [] })
    expect(url).toBe('/api/outbox/')
    this.batches.push(init.headers as Record<string, string>)
    if (this.status !== 200) return Response.json({ detail: 'no' }, { status: this.status })
    const { entries } = JSON.parse(String(init.body)) as { entries: { path: string; body: Record<string, unknown>; headers: Record<string, string> }[] }
    const results = entries.map((entry) => {
      this.writes.push({ url: entry.path, headers: entry.headers })
      const id = Number(/\/api\/points\/(\d+)\//.exec(entry.path)?.[1])
      return { status: 200, body: { ...point(id), ...entry.body, version: 2 }, headers: { etag: '"2"' } }
    })
    return Response.json({ results })
  }
}

const TOKEN = tokenOf(ME)
let network: Network
let queryClient: QueryClient
let stop: () => void = () => {}

beforeEach(async () => {
  network = new Network()
  vi.stubGlobal('fetch', network.fetch)
  session.signIn(TOKEN)
  queryClient = testQueryClient()
  await offlineDb().outbox.clear()
  await cacheServerRows('points', [point(1), point(2)], { complete: true })
})

afterEach(() => {
  stop()
  queryClient.clear()
  vi.unstubAllGlobals()
})

const edit = (id: number, remark: string) => enqueueEdit({ author: ME, entity: 'point', op: 'update', entityId: id, patch: { remark }, baseVersion: 1 })

describe('the outbox transport', () => {
  it('sends the entries as one JSON batch with the token, each with its Idempotency-Key and If-Match', async () => {
    const answers = await outboxTransport(TOKEN)([
      { method: 'PUT', path: '/api/points/1/', body: { remark: 'r' }, headers: { 'Idempotency-Key': 'K1', 'If-Match': '"1"' } },
      { method: 'PUT', path: '/api/points/2/', body: { remark: 's' }, headers: { 'Idempotency-Key': 'K2', 'If-Match': '"1"' } },
    ])

    expect(answers).toMatchObject([
      { status: 200, body: { point_id: 1, remark: 'r', version: 2 }, headers: { etag: '"2"' } },
      { status: 200, body: { point_id: 2, remark: 's', version: 2 } },
    ])
    expect(network.batches).toEqual([{ Authorization: `JWT ${TOKEN}`, 'Content-Type': 'application/json', Accept: 'application/json' }])
    expect(network.writes).toEqual([
      { url: '/api/points/1/', headers: { 'Idempotency-Key': 'K1', 'If-Match': '"1"' } },
      { url: '/api/points/2/', headers: { 'Idempotency-Key': 'K2', 'If-Match': '"1"' } },
    ])
  })

  it("turns a failed connection into a NetworkError, and an answer to the whole batch into each entry's", async () => {
    network.down = true
    await expect(outboxTransport(TOKEN)([{ method: 'PATCH', path: '/api/counters/1/', body: {}, headers: {} }])).rejects.toBeInstanceOf(NetworkError)
    network.down = false
    network.status = 503
    const twice = [
      { method: 'PUT', path: '/api/points/1/', body: {}, headers: {} },
      { method: 'PUT', path: '/api/points/2/', body: {}, headers: {} },
    ] as const
    expect(await outboxTransport(TOKEN)([...twice])).toMatchObject([
      { status: 503, body: { detail: 'no' } },
      { status: 503, body: { detail: 'no' } },
    ])
    // A proxy's page in the server's stead: no answer from the server, the entries keep their turn.
    network.status = 200
    network.proxyDown = true
    await expect(outboxTransport(TOKEN)([...twice])).rejects.toBeInstanceOf(NetworkError)
  })
})

describe('connectivity and flushing', () => {
  it('is offline when the check call gets no answer, and back online at the next answer, sending what waited', async () => {
    network.down = true
    await edit(1, 'в подвале')
    stop = startSync(queryClient)
    await vi.waitFor(() => expect(syncState.get()).toMatchObject({ online: false, waiting: 1 }))

    network.down = false
    window.dispatchEvent(new Event('online'))
    await vi.waitFor(() => expect(syncState.get()).toMatchObject({ online: true, waiting: 0 }))
    expect(network.writes.map((w) => w.url)).toEqual(['/api/points/1/'])
    expect(await countWaiting(ME)).toBe(0)
  })

  it('is offline while a proxy answers for the server, keeping the edit queued, and sends it when the server is back', async () => {
    network.proxyDown = true
    await edit(1, 'за шлагбаумом')
    stop = startSync(queryClient)
    await vi.waitFor(() => expect(syncState.get()).toMatchObject({ online: false, waiting: 1 }))
    await vi.waitFor(async () => expect((await offlineDb().outbox.toArray())[0]).toMatchObject({ status: 'pending', attempts: 1 }))
    expect((await offlineDb().outbox.toArray())[0]!.lastError).toEqual({ message: T.outboxRetryNoConnection })

    network.proxyDown = false
    window.dispatchEvent(new Event('online'))
    await vi.waitFor(() => expect(syncState.get()).toMatchObject({ online: true, waiting: 0 }))
    expect(network.writes.map((w) => w.url)).toEqual(['/api/points/1/'])
  })

  it('sends what waited out its back-off at once when the check call reaches the server again', async () => {
    network.down = true
    await edit(1, 'после обрыва')
    stop = startSync(queryClient)
    await vi.waitFor(async () => {
      const [entry] = await offlineDb().outbox.toArray()
      expect(entry?.status).toBe('pending')
      expect(entry?.attempts).toBeGreaterThan(0)
    })
    // The count too: the state is the module's, and the previous test left it at «waiting: 0», which would let the
    // wait below pass before anything was sent.
    await vi.waitFor(() => expect(syncState.get()).toMatchObject({ online: false, waiting: 1 }))
    // Many attempts failed while offline: the next one is due in minutes.
    await offlineDb()
      .outbox.where('status')
      .equals('pending')
      .modify({ nextAttemptAt: Date.now() + 5 * 60_000 })

    network.down = false
    await queryClient.refetchQueries({ queryKey: requestCheckKey, exact: true })
    await vi.waitFor(() => expect(syncState.get()).toMatchObject({ online: true, waiting: 0 }))
    expect(network.writes.map((w) => w.url)).toEqual(['/api/points/1/'])
  })

  it("asks the worker's Background Sync to send the queue when a flush finds the server out of reach", async () => {
    const register = vi.fn(async (_tag: string) => {})
    Object.defineProperty(navigator, 'serviceWorker', { value: { ready: Promise.resolve({ sync: { register } }) }, configurable: true })
    try {
      network.down = true
      await edit(1, 'без сети')
      await flushNow()
      await vi.waitFor(() => expect(register).toHaveBeenCalledWith('outbox'))
    } finally {
      Reflect.deleteProperty(navigator, 'serviceWorker')
    }
  })

  // Found by a report-only UX probe: the header said «В сети» next to a save's «Нет связи с сервером» until the next
  // 10 s heartbeat.
  it('is offline at once when any call gets no answer, and online again at the next answer', async () => {
    stop = startSync(queryClient)
    await vi.waitFor(() => expect(network.checks).toBeGreaterThan(0))
    await vi.waitFor(() => expect(syncState.get().online).toBe(true))
    const checks = network.checks

    network.down = true
    await expect(api('/api/customers/')).rejects.toMatchObject({ status: 0 })
    expect(syncState.get().online).toBe(false)
    network.down = false
    await api('/api/customers/')
    expect(syncState.get().online).toBe(true)
    // The calls themselves, not a heartbeat between them.
    expect(network.checks).toBe(checks)
  })

  it('counts any answer of the check call, even a refusal, as online', async () => {
    network.status = 403
    stop = startSync(queryClient)
    await vi.waitFor(() => expect(network.checks).toBeGreaterThan(0))
    await vi.waitFor(() => expect(syncState.get().online).toBe(true))
  })

  it('sends a new edit at once while online, and each edit once however many triggers fire', async () => {
    stop = startSync(queryClient)
    await vi.waitFor(() => expect(syncState.get().online).toBe(true))
    await edit(1, 'первая')
    await edit(2, 'вторая')
    await Promise.all([flushNow(), flushNow(true), flushNow()])
    document.dispatchEvent(new Event('visibilitychange'))
    await vi.waitFor(async () => expect(await countWaiting(ME)).toBe(0))
    expect(network.writes.map((w) => w.url).sort()).toEqual(['/api/points/1/', '/api/points/2/'])
  })

  it('keeps the queue when the server refuses the token and leaves the sign-in to the check call', async () => {
    stop = startSync(queryClient)
    await vi.waitFor(() => expect(network.checks).toBeGreaterThan(0))
    const checksBefore = network.checks
    network.status = 401
    await edit(1, 'после входа')
    await vi.waitFor(() => expect(session.isLoggedIn()).toBe(false))
    expect(network.checks).toBeGreaterThan(checksBefore)
    expect(await countWaiting(ME)).toBe(1)
  })

  it("on a shared tablet sends and counts only the signed-in user's edits, under their token, each once", async () => {
    network.down = true
    stop = startSync(queryClient)
    await edit(1, 'оператор')
    await vi.waitFor(() => expect(syncState.get()).toMatchObject({ online: false, waiting: 1 }))
    // Its flush is over (a flush under way when its author signs out ends with the author's token).
    await flushNow()
    stop()

    // The operator signs out; a colleague signs in and works online.
    session.signOut()
    session.signIn(tokenOf(COLLEAGUE))
    network.down = false
    stop = startSync(queryClient)
    await vi.waitFor(() => expect(syncState.get()).toMatchObject({ online: true, waiting: 0 }))
    await flushNow(true)
    expect(network.writes).toEqual([])
    // Not theirs to send, but the device holds it: the header says so rather than that all is sent.
    expect(syncState.get()).toMatchObject({ others: 1 })
    stop()

    // The operator signs in again: the edit goes out once, with the operator's token.
    session.signOut()
    session.signIn(TOKEN)
    stop = startSync(queryClient)
    await vi.waitFor(async () => expect(await countWaiting(ME)).toBe(0))
    await vi.waitFor(() => expect(syncState.get()).toMatchObject({ waiting: 0, others: 0 }))
    expect(network.writes.map((w) => w.url)).toEqual(['/api/points/1/'])
    expect(network.batches.map((headers) => headers.Authorization)).toEqual([`JWT ${TOKEN}`])
  })
})
