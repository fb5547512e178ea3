import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { api, ApiError, downloadFile, setReachHandler } from '../../../src/client/lib/api-client'
import { serverOrDeviceCopy } from '../../../src/client/lib/device-copy'
import { ANSWER_TIMEOUT_MS } from '../../../src/shared/constants'
import { T } from '../../../src/shared/texts'

/** What nginx answers for a backend that is dead or restarting behind it. */
const proxyPage = (status: number) =>
  new Response(`<html><body><h1>${status} Bad Gateway</h1><hr>nginx</body></html>`, { status, headers: { 'Content-Type': 'text/html' } })

let reached: boolean[]
let stopHearing: () => void
beforeEach(() => {
  stopHearing = setReachHandler((answer) => reached.push(answer))
  // What the last test's calls told on the way in.
  reached = []
})
afterEach(() => {
  stopHearing()
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

const failureOf = (call: Promise<unknown>) =>
  call.then(
    () => expect.unreachable('the call succeeded'),
    (error: unknown) => error as ApiError,
  )

// A hung server: the screen's list gave up before the header, which starts the sync, was up; the header said «В сети»
// over the device copy until its own heartbeat gave up 30 s later.
describe('a call without an answer before the sync hears the calls', () => {
  it('is told to the sync as soon as it starts hearing', async () => {
    stopHearing()
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch')
    })
    await failureOf(api('/api/points/'))
    const heard: boolean[] = []
    stopHearing = setReachHandler((answer) => heard.push(answer))
    expect(heard).toEqual([false])
  })
})

// Field probe: behind nginx with the backend killed, the header said «В сети» and every list «сообщите администратору»,
// while the device held all the points.
describe('a proxy answering for a server it cannot reach', () => {
  it('is no answer: the sync hears offline, the call fails with status 0 and the screen reads the device copy', async () => {
    for (const status of [502, 503, 504]) {
      vi.stubGlobal('fetch', async () => proxyPage(status))
      const error = await failureOf(api('/api/points/'))
      expect(error).toBeInstanceOf(ApiError)
      expect({ status: error.status, message: error.message }).toEqual({ status: 0, message: T.offline })
    }
    expect(reached).toEqual([false, false, false])

    vi.stubGlobal('fetch', async () => new Response(null, { status: 502 }))
    const copy = await serverOrDeviceCopy(
      () => api('/api/points/24/') as Promise<{ name: string }>,
      async () => ({ name: 'ТП-24 ввод 1' }),
    )
    expect(copy).toEqual({ name: 'ТП-24 ввод 1', offline: true })
  })

  it('is no answer to a download either', async () => {
    vi.stubGlobal('fetch', async () => proxyPage(504))
    expect((await failureOf(downloadFile('/api/get_report/'))).status).toBe(0)
    expect(reached).toEqual([false])
  })

  it("is told from the API's own 5xx, which reached the server and says why", async () => {
    vi.stubGlobal('fetch', async () => Response.json({ detail: T.externalSendFailed }, { status: 502 }))
    const error = await failureOf(api('/api/document_request/1/send/', { method: 'POST' }))
    expect({ status: error.status, message: error.message }).toEqual({ status: 502, message: T.externalSendFailed })
    expect(reached).toEqual([true])
    await expect(
      serverOrDeviceCopy(
        () => api('/api/points/') as Promise<{ count: number }>,
        async () => ({ count: 0 }),
      ),
    ).rejects.toMatchObject({ status: 502 })
  })
})

/** A server that accepts the connection and never answers: fetch settles only when its signal aborts, as the browser's does. */
const hangingFetch = vi.fn(
  (_input: RequestInfo | URL, init: RequestInit = {}) =>
    new Promise<Response>((_resolve, reject) =>
      init.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError'))),
    ),
)

/** Whether the promise settled by now, and how. */
function watch(call: Promise<unknown>) {
  const state: { error?: unknown; settled: boolean } = { settled: false }
  call.then(
    () => (state.settled = true),
    (error: unknown) => Object.assign(state, { settled: true, error }),
  )
  return state
}

// Field probe: a backend that hangs behind the proxy left «Загрузка…» and «В сети» up for 90 s and more.
describe('a server that never answers', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.stubGlobal('fetch', hangingFetch)
  })

  it('is given up after ANSWER_TIMEOUT_MS as no answer: offline, status 0', async () => {
    const call = watch(api('/api/document_request/check/'))
    await vi.advanceTimersByTimeAsync(ANSWER_TIMEOUT_MS - 1000)
    expect(call.settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1000)
    expect(call.error).toMatchObject({ status: 0, message: T.offline })
    expect(reached).toEqual([false])
  })

  it("still lets the caller abort, which says nothing of the server's reach", async () => {
    const caller = new AbortController()
    const call = watch(api('/api/points/', { signal: caller.signal }))
    caller.abort()
    await vi.advanceTimersByTimeAsync(0)
    expect(call.error).toMatchObject({ name: 'AbortError' })
    expect(reached).toEqual([])
  })

  it('does not cut an answer whose head came in time and whose body is slow to arrive (the mirror on 2G)', async () => {
    // The body errors when the call's signal aborts, as the browser's does.
    vi.stubGlobal('fetch', async (_input: RequestInfo | URL, init: RequestInit = {}) => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          init.signal?.addEventListener('abort', () => controller.error(new DOMException('The operation was aborted.', 'AbortError')))
          setTimeout(() => {
            controller.enqueue(new TextEncoder().encode('{"count": 0}'))
            controller.close()
          }, 2 * ANSWER_TIMEOUT_MS)
        },
      })
      return new Response(body, { headers: { 'Content-Type': 'application/json' } })
    })
    const call = api('/api/mirror/')
    await vi.advanceTimersByTimeAsync(2 * ANSWER_TIMEOUT_MS)
    expect(await call).toEqual({ count: 0 })
  })

  it('does not time an upload, whose body may take minutes to go out on a slow link', async () => {
    const call = watch(api('/api/document_request/', { method: 'POST', body: new FormData() }))
    await vi.advanceTimersByTimeAsync(10 * ANSWER_TIMEOUT_MS)
    expect(call.settled).toBe(false)
  })
})
