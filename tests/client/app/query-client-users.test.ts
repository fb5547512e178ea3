import { beforeEach, describe, expect, it } from 'vitest'
import { queryClient, restoreQueryCache } from '../../../src/client/app/query-client'
import { session } from '../../../src/client/lib/session'
import { tokenOf } from '../offline/helpers'

const SAVED = 'metering-query-cache'
const me = (username: string) => queryClient.fetchQuery({ queryKey: ['auth', 'me'], queryFn: () => ({ username }), meta: { persist: true } })
const savedKeys = (): unknown[] =>
  JSON.parse(localStorage.getItem(SAVED) ?? '{"clientState":{"queries":[]}}').clientState.queries.map((q: { queryKey: unknown }) => q.queryKey)

beforeEach(() => {
  localStorage.clear()
  queryClient.getQueryCache().clear()
})

describe('the saved query cache on a tablet several people sign in on', () => {
  it('is cleared, in memory and on the device, when the user signs out', async () => {
    session.signIn(tokenOf(1))
    await restoreQueryCache()
    await me('operator')
    window.dispatchEvent(new Event('pagehide'))
    expect(savedKeys()).toEqual([['auth', 'me']])

    session.signOut()
    expect(queryClient.getQueryData(['auth', 'me'])).toBeUndefined()
    expect(savedKeys()).toEqual([])
  })

  it('is not restored for another user than the one who saved it', async () => {
    session.signIn(tokenOf(1))
    await restoreQueryCache()
    await me('operator')
    window.dispatchEvent(new Event('pagehide'))

    // The tablet restarts with another user's token stored (the operator's saved cache left behind).
    localStorage.setItem('token', tokenOf(2))
    queryClient.getQueryCache().clear()
    await restoreQueryCache()
    expect(queryClient.getQueryData(['auth', 'me'])).toBeUndefined()

    // The same user's restart restores it.
    await me('viewer')
    window.dispatchEvent(new Event('pagehide'))
    queryClient.getQueryCache().clear()
    await restoreQueryCache()
    expect(queryClient.getQueryData(['auth', 'me'])).toEqual({ username: 'viewer' })
  })
})
