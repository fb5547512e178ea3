import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { api, ApiError, downloadFile, setReachHandler } from '../../../src/client/lib/api-client'
import { serverOrDeviceCopy } from '../../../src/client/lib/device-copy'
import { T } from '../../../src/shared/texts'

/** What nginx answers for a backend that is dead or restarting behind it. */
const proxyPage = (status: number) =>
  new Response(`<html><body><h1>${status} Bad Gateway</h1><hr>nginx</body></html>`, { status, headers: { 'Content-Type': 'text/html' } })

let reached: boolean[]
let stopHearing: () => void
beforeEach(() => {
  reached = []
  stopHearing = setReachHandler((answer) => reached.push(answer))
})
afterEach(() => {
  stopHearing()
  vi.unstubAllGlobals()
})

const failureOf = (call: Promise<unknown>) =>
  call.then(
    () => expect.unreachable('the call succeeded'),
    (error: unknown) => error as ApiError,
  )

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
