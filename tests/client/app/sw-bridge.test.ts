import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { checkForUpdatesPeriodically, RELOAD_AGAIN_MS, reloadWhenTakenOver } from '../../../src/client/app/sw-bridge'
import { startSync, syncState } from '../../../src/client/app/sync'
import { requestCheckKey } from '../../../src/client/features/requests/api/check'
import { api } from '../../../src/client/lib/api-client'
import { session } from '../../../src/client/lib/session'
import { ME, tokenOf } from '../offline/helpers'
import { testQueryClient } from '../render-in-app'
import { json } from '../app-routes'

// Found by a field probe (the server killed, the tablet's Wi-Fi up): a release deployed while the server was away was
// offered only by the 30-minute timer, because the check on reconnect listened to the browser's `online` event alone.

let down = false
let stop: () => void = () => {}

beforeEach(() => {
  down = false
  vi.stubGlobal('fetch', async () => {
    if (down) throw new TypeError('Failed to fetch')
    return json({ unassigned: 0, new_messages: 0 })
  })
  session.signIn(tokenOf(ME))
})
afterEach(() => {
  stop()
  vi.unstubAllGlobals()
})

describe('the update check', () => {
  it('asks for a new release when the server answers again, with no online event from the browser', async () => {
    const update = vi.fn(async () => {})
    checkForUpdatesPeriodically({ update, installing: null } as unknown as ServiceWorkerRegistration)
    const queryClient = testQueryClient()
    stop = startSync(queryClient)
    await vi.waitFor(() => expect(queryClient.getQueryState(requestCheckKey)?.status).toBe('success'))

    down = true
    await expect(api('/api/customers/')).rejects.toMatchObject({ status: 0 })
    expect(syncState.get().online).toBe(false)

    down = false
    // The heartbeat's next tick reaches the server.
    await queryClient.refetchQueries({ queryKey: requestCheckKey, exact: true })
    expect(syncState.get().online).toBe(true)
    expect(update).toHaveBeenCalledTimes(1)
  })
})

// Seen in field-start.test.ts on a busy machine: the new worker took the page over, the page's reload began, and the
// new worker, stopped and started again while it activated, never answered it: the old page stayed up for good.
describe('the reload after «Обновить»', () => {
  it('comes when the new worker takes the page over, and is started again while the page is still there', () => {
    vi.useFakeTimers()
    try {
      const worker = new EventTarget()
      const reload = vi.fn()
      reloadWhenTakenOver(worker as ServiceWorkerContainer, reload)
      vi.advanceTimersByTime(3 * RELOAD_AGAIN_MS)
      expect(reload).not.toHaveBeenCalled()

      worker.dispatchEvent(new Event('controllerchange'))
      expect(reload).toHaveBeenCalledTimes(1)
      vi.advanceTimersByTime(RELOAD_AGAIN_MS)
      expect(reload).toHaveBeenCalledTimes(2)
    } finally {
      vi.useRealTimers()
    }
  })
})
