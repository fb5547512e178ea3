import { describe, expect, it } from 'vitest'
import { queryClient, restoreQueryCache } from '../../../src/client/app/query-client'

describe('the saved query cache', () => {
  it('saves the reference queries when the page is left, not only a second after they change', async () => {
    localStorage.clear()
    await restoreQueryCache()
    await queryClient.fetchQuery({ queryKey: ['auth', 'me'], queryFn: () => ({ username: 'dispatcher' }), meta: { persist: true } })
    await queryClient.fetchQuery({ queryKey: ['points', 'list'], queryFn: () => ({ count: 10_000 }) })
    // The persister writes at most once a second: nothing is saved yet.
    expect(localStorage.getItem('metering-query-cache')).toBeNull()
    window.dispatchEvent(new Event('pagehide'))
    const saved = JSON.parse(localStorage.getItem('metering-query-cache') ?? '{}')
    expect(saved.clientState.queries.map((q: { queryKey: unknown }) => q.queryKey)).toEqual([['auth', 'me']])
    expect(saved.clientState.queries[0].state.data).toEqual({ username: 'dispatcher' })
  })
})
