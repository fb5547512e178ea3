import { QueryClient, dehydrate, type DehydratedState } from '@tanstack/react-query'
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister'
import { persistQueryClientRestore, persistQueryClientSubscribe, type PersistedClient } from '@tanstack/react-query-persist-client'
import { ApiError } from '../lib/api-client'
import { CURRENT_VERSION } from '../../shared/app-info'
import { session } from '../lib/session'
import { keepUserSaved, restoreSavedUser } from '../lib/saved-user'

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      gcTime: 24 * 60 * 60_000,
      // Client errors will not go away by asking again; with no network the screen says so at once
      // instead of spinning (the heartbeat notices when the server is back, and the screen asks again).
      retry: (count, error) => !(error instanceof ApiError && (error.status === 0 || (error.status >= 400 && error.status < 500))) && count < 2,
      refetchOnWindowFocus: false,
      // TanStack's online state is the sync's verdict (app/sync.ts): the first attempt goes out whatever it says, so a
      // screen opened offline tries and the heartbeat keeps probing; only retries wait for the server.
      networkMode: 'offlineFirst',
    },
    mutations: { networkMode: 'always' },
  },
})

type DehydratedQuery = DehydratedState['queries'][number]

/** Small reference answers only: the big lists live in IndexedDB, never in localStorage. */
const PERSIST_LIMIT_BYTES = 1_000_000

const PERSIST_KEY = 'metering-query-cache'
const storage = typeof window === 'undefined' ? undefined : window.localStorage

/** A query whose refetch failed (offline) is saved as its last good answer, which the next start shows. */
function asLastAnswer(query: DehydratedQuery): DehydratedQuery {
  if (query.state.status !== 'error') return query
  return { ...query, state: { ...query.state, status: 'success', error: null, fetchFailureCount: 0, fetchFailureReason: null } }
}

function serialize(data: PersistedClient): string {
  const text = JSON.stringify({ ...data, clientState: { ...data.clientState, queries: data.clientState.queries.map(asLastAnswer) } })
  return text.length > PERSIST_LIMIT_BYTES ? JSON.stringify({ ...data, clientState: { queries: [], mutations: [] } }) : text
}

const persister = createSyncStoragePersister({ storage, key: PERSIST_KEY, serialize })

/** Each build may change the answers' shapes, so a build drops what another saved (`VITE_BUILD_ID`, set per release). */
const BUILD_ID: string = import.meta.env.VITE_BUILD_ID ?? CURRENT_VERSION

const persistOptions = {
  queryClient,
  persister,
  maxAge: 7 * 24 * 60 * 60_000,
  /** The saved copy is the build's and the signed-in user's: another user's start drops it unread. */
  get buster(): string {
    return `${BUILD_ID}:${session.userId() ?? ''}`
  },
  dehydrateOptions: {
    // Only queries a feature marks as small reference data are written to localStorage, once they have an answer.
    shouldDehydrateQuery: (query: { state: { data: unknown }; meta?: Record<string, unknown> }) =>
      query.state.data !== undefined && query.meta?.persist === true,
  },
}

/**
 * Saves the reference queries at once, as the persister would: it writes at most once a second, so a page left
 * sooner (a reload, a link opened in its place, a tab closed) would not have saved the signed-in user, and an
 * offline start right after it would have no one signed in.
 */
function saveNow(): void {
  storage?.setItem(
    PERSIST_KEY,
    serialize({ buster: persistOptions.buster, timestamp: Date.now(), clientState: dehydrate(queryClient, persistOptions.dehydrateOptions) }),
  )
}

/**
 * A shared tablet: when the signed-in user changes (signing out, a refused token, someone else signing in),
 * what the previous user loaded goes, from memory and from the device, so the next one never sees it.
 */
let cacheOwner: number | null = null
function forgetOnUserChange(): void {
  const user = session.userId()
  if (user === cacheOwner) return
  cacheOwner = user
  queryClient.clear()
  storage?.removeItem(PERSIST_KEY)
}

/**
 * Restores the saved reference queries before the router's first load (an offline start needs them there),
 * then keeps saving them, and once more when the page is left.
 */
export async function restoreQueryCache(): Promise<void> {
  cacheOwner = session.userId()
  session.subscribe(forgetOnUserChange)
  try {
    await persistQueryClientRestore(persistOptions)
  } catch {
    /* a damaged saved cache is simply dropped */
  }
  restoreSavedUser(queryClient)
  keepUserSaved(queryClient)
  persistQueryClientSubscribe(persistOptions)
  window.addEventListener('pagehide', saveNow)
}
