import { useSyncExternalStore } from 'react'
import { mirrorAnswer } from '../../shared/schemas/mirror'
import { T } from '../../shared/texts'
import { api, ApiError, errorMessage } from '../lib/api-client'
import { loadOffline } from '../lib/lazy-offline'
import { stateStore } from '../lib/state-store'
import { syncState } from './sync'

/**
 * The background mirror (docs/offline.md «Background mirror»): after sign-in and every few minutes while the server
 * answers, what changed since the last round is brought onto the device, so that the tree, the points, the meters
 * and the points' installations are there when the engineer leaves, whichever screens were opened.
 */
export interface MirrorState {
  running: boolean
  /** Steps of the running round: the server's answer, then each list stored. */
  progress: { done: number; total: number } | null
  /** When the device's copy was last brought up to date (epoch ms), or null if never. */
  lastAt: number | null
  /** The last round's failure, in Russian; cleared by the next round that succeeds. */
  error: string | null
  /** The browser's answer to `navigator.storage.persist()`; null where it is not asked. */
  persisted: boolean | null
}

/** Rounds while the server answers; a round is incremental, so a short period costs little. */
const MIRROR_PERIOD_MS = 5 * 60_000

export const mirrorState = stateStore<MirrorState>({ running: false, progress: null, lastAt: null, error: null, persisted: null })
const update = mirrorState.update

export const useMirrorState = (): MirrorState => useSyncExternalStore(mirrorState.subscribe, mirrorState.get)

let round: Promise<void> | null = null

/** One round now; a call while a round runs waits for that one. The failure is kept in the state, never thrown. */
export function mirrorNow(userId: number): Promise<void> {
  round ??= runRound(userId).finally(() => (round = null))
  return round
}

async function runRound(userId: number): Promise<void> {
  const offline = await loadOffline()
  const total = offline.MIRRORED_LISTS.length + 1
  update({ running: true, progress: { done: 0, total } })
  try {
    const since = await offline.mirrorCursor(userId)
    const changes = await api('/api/mirror/', { query: { since }, schema: mirrorAnswer })
    let done = 1
    update({ progress: { done, total } })
    await offline.applyMirrorChanges(changes, userId, () => update({ progress: { done: ++done, total } }))
    update({ error: null, lastAt: await offline.lastMirroredAt() })
  } catch (error) {
    // No answer means offline: the copy stays as it is and the indicator already says so.
    if (!(error instanceof ApiError && error.status === 0)) update({ error: T.mirrorFailed(reasonOf(error, offline.OfflineStorageFullError)) })
  } finally {
    update({ running: false, progress: null })
  }
}

function reasonOf(error: unknown, storageFull: abstract new (...args: never[]) => Error): string {
  return error instanceof storageFull ? T.mirrorStorageFull : errorMessage(error)
}

/** Asks the browser not to evict the device's data under storage pressure (the answer is shown). */
async function askPersistence(): Promise<void> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage
  if (!storage?.persist) return
  try {
    update({ persisted: (await storage.persisted?.()) || (await storage.persist()) })
  } catch {
    update({ persisted: null })
  }
}

/**
 * Runs while the signed-in console is shown: a round at once, then every MIRROR_PERIOD_MS while online, and as soon
 * as the server answers again after it was out of reach. Returns the stop function.
 */
export function startMirror(userId: number): () => void {
  void askPersistence()
  void loadOffline()
    .then((offline) => offline.lastMirroredAt())
    .then((lastAt) => update({ lastAt }))
  let wasOnline = syncState.get().online
  const stopWatching = syncState.subscribe(() => {
    const { online } = syncState.get()
    if (online && !wasOnline) void mirrorNow(userId)
    wasOnline = online
  })
  const timer = setInterval(() => {
    if (syncState.get().online) void mirrorNow(userId)
  }, MIRROR_PERIOD_MS)
  void mirrorNow(userId)
  return () => {
    clearInterval(timer)
    stopWatching()
  }
}
