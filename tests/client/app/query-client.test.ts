import { afterEach, describe, expect, it, vi } from 'vitest'
import { queryClient, restoreQueryCache } from '../../../src/client/app/query-client'
import { authKeys, meQueryOptions } from '../../../src/client/lib/auth'
import { session } from '../../../src/client/lib/session'
import type { CurrentUser } from '../../../src/shared/schemas/auth'

const PERSIST_KEY = 'metering-query-cache'
const savedCache = () => JSON.parse(localStorage.getItem(PERSIST_KEY) ?? '{}')
const leavePage = () => window.dispatchEvent(new Event('pagehide'))

const dispatcher: CurrentUser = {
  user_id: 7,
  username: 'dispatcher',
  first_name: 'Анна',
  last_name: 'Петрова',
  middle_name: '',
  email: '',
  account_id: 1,
  is_stuff: true,
  is_superuser: false,
  customer_id: null,
  groups: [],
  permissions: ['points.view'],
}

/** The server answers the signed-in user; `down()` makes every later call fail as a dead connection does. */
function serverAnswers(user: object): { down: () => void } {
  let reachable = true
  vi.stubGlobal('fetch', async () => {
    if (!reachable) throw new TypeError('Failed to fetch')
    return Response.json(user)
  })
  return { down: () => (reachable = false) }
}

afterEach(() => {
  vi.unstubAllGlobals()
  queryClient.clear()
  localStorage.clear()
})

describe('the saved query cache', () => {
  it('saves the reference queries when the page is left, not only a second after they change', async () => {
    await restoreQueryCache()
    await queryClient.fetchQuery({ queryKey: ['groups', 'all'], queryFn: () => ({ count: 2 }), meta: { persist: true } })
    await queryClient.fetchQuery({ queryKey: ['points', 'list'], queryFn: () => ({ count: 10_000 }) })
    // The persister writes at most once a second: nothing is saved yet.
    expect(localStorage.getItem(PERSIST_KEY)).toBeNull()
    leavePage()
    expect(savedCache().clientState.queries.map((q: { queryKey: unknown }) => q.queryKey)).toEqual([['groups', 'all']])
    expect(savedCache().clientState.queries[0].state.data).toEqual({ count: 2 })
  })

  it('keeps the last answer of a reference query whose refetch failed offline', async () => {
    await restoreQueryCache()
    await queryClient.fetchQuery({ queryKey: ['groups', 'all'], queryFn: () => ({ count: 2 }), meta: { persist: true } })
    await queryClient
      .fetchQuery({ queryKey: ['groups', 'all'], queryFn: () => Promise.reject(new Error('offline')), meta: { persist: true }, retry: false })
      .catch(() => undefined)
    leavePage()
    const [saved] = savedCache().clientState.queries
    expect(saved.state).toMatchObject({ status: 'success', data: { count: 2 } })
  })
})

describe('the signed-in user on the device', () => {
  it('outlives a failed refetch offline and an update that drops the saved cache, until signed out', async () => {
    session.signIn('token-1')
    const server = serverAnswers(dispatcher)
    await restoreQueryCache()
    await queryClient.fetchQuery(meQueryOptions())
    server.down()
    await queryClient.refetchQueries({ queryKey: authKeys.me })
    expect(queryClient.getQueryState(authKeys.me)?.status).toBe('error')
    leavePage()

    // An update: the saved cache was written by another build, whose buster differs.
    localStorage.setItem(PERSIST_KEY, JSON.stringify({ ...savedCache(), buster: 'an-older-build' }))
    queryClient.clear()
    await restoreQueryCache()
    expect(queryClient.getQueryData(authKeys.me)).toMatchObject({ username: 'dispatcher', permissions: ['points.view'] })

    session.signOut()
    queryClient.clear()
    await restoreQueryCache()
    expect(queryClient.getQueryData(authKeys.me)).toBeUndefined()
  })

  it('belongs to the token it was answered for: a new sign-in does not start as the previous user', async () => {
    session.signIn('token-1')
    serverAnswers(dispatcher)
    await restoreQueryCache()
    await queryClient.fetchQuery(meQueryOptions())
    leavePage()
    session.signIn('token-2')
    queryClient.clear()
    await restoreQueryCache()
    expect(queryClient.getQueryData(authKeys.me)).toBeUndefined()
  })
})
