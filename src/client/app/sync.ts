import { useSyncExternalStore } from 'react'
import { QueryObserver, onlineManager, type QueryClient } from '@tanstack/react-query'
import { setReachHandler } from '../lib/api-client'
import { tokenSubject } from '../../shared/token'
import { session } from '../lib/session'
import { stateStore } from '../lib/state-store'
import { requestCheckKey, requestCheckQueryOptions } from '../features/requests/api/check'
import { Dexie, liveQuery } from 'dexie'
import { adoptUnauthored, flushOutbox, httpTransport, offlineDb, type FlushReport, type Transport } from '../offline'
import { postToWorker, registerOutboxSync } from './sw-bridge'

/**
 * The console's connectivity and the outbox's flusher (DESIGN.md section 6, docs/offline.md "Sync").
 * Online means the last API call (the heartbeat's or any other) reached the server, whatever it answered; offline
 * means it got no answer, or a proxy's error page in the server's stead (`isGatewayFailure`).
 */
export interface SyncState {
  online: boolean
  /** Edits not yet accepted by the server. */
  waiting: number
  /** Of those, conflicts and rejections: they wait for the user, not for the network. */
  needsDecision: number
  /** Other users' edits on the device: they wait for their authors, or for a user with the right to take them over. */
  others: number
}

/** setTimeout's largest delay. */
const MAX_TIMER_MS = 2 ** 31 - 1

export const syncState = stateStore<SyncState>({ online: typeof navigator === 'undefined' ? true : navigator.onLine, waiting: 0, needsDecision: 0, others: 0 })
const update = syncState.update

export const useSyncState = (): SyncState => useSyncExternalStore(syncState.subscribe, syncState.get)

/**
 * The outbox's transport for one user's token: batches to POST /api/outbox/. The token is the one the flush started
 * with: an edit in flight when its author signs out still goes out under the author, never under whoever signs in next.
 */
export const outboxTransport = (token: string): Transport => httpTransport(() => token)

let running: Promise<void> | null = null
let again = false
let againRetryNow = false
let retryTimer: ReturnType<typeof setTimeout> | undefined
/** Set while the sync runs: an immediate check call (the heartbeat's query, fetched now). */
let checkNow: () => void = () => {}

/**
 * Sends the outbox now. Calls made while this tab flushes fold into one more round after it, so an edit
 * queued at the last moment is not left for the next heartbeat; another tab's flush (lock busy) sends it anyway.
 */
export function flushNow(retryNow = false): Promise<void> {
  if (running) {
    again = true
    againRetryNow ||= retryNow
    return running
  }
  running = (async () => {
    let retry = retryNow
    do {
      again = false
      againRetryNow = false
      const token = session.token()
      const author = token === null ? null : tokenSubject(token)
      // Only the signed-in user's own edits are sent, with their own token.
      if (token === null || author === null) return
      afterFlush(await flushOutbox(outboxTransport(token), { author, retryNow: retry }))
      retry = againRetryNow
    } while (again)
  })()
    .catch((error: unknown) => console.error('outbox flush failed', error))
    .finally(() => (running = null))
  return running
}

function afterFlush(report: FlushReport): void {
  clearTimeout(retryTimer)
  if (report.nextAttemptAt !== null) retryTimer = setTimeout(() => void flushNow(), Math.min(MAX_TIMER_MS, Math.max(0, report.nextAttemptAt - Date.now())))
  // The network is gone: the worker sends the queue when it returns, whether this tab is still open or not.
  if (report.offline) void registerOutboxSync()
  // The server refused the token: the check call meets the same 401, whose handler signs out and sends the
  // user to sign in (with a redirect back); the queue is untouched and flushes once the shell starts again.
  if (report.authRequired) checkNow()
}

/**
 * Every API call sets the online state: one without an answer (a save, a page's list) shows «Нет связи» at once, and
 * the next answer, the heartbeat's or any other, shows the server back and sends what waited out its back-off.
 *
 * TanStack Query's online state is the same verdict, not navigator.onLine, which a tablet's Wi-Fi keeps true while the
 * server is away: its reconnect then fetches again what each open screen shows and failed meanwhile (a failed query is
 * stale) and continues retries it paused, and the page asks for a new release (`checkForUpdatesPeriodically`). Queries
 * are `offlineFirst` (`query-client.ts`), so a first attempt, the heartbeat's too, still goes out while offline;
 * mutations are `always` and never wait for it.
 */
function followCalls(): () => void {
  onlineManager.setEventListener(() => undefined)
  return setReachHandler((reached) => {
    const reconnected = reached && !syncState.get().online
    update({ online: reached })
    onlineManager.setOnline(reached)
    if (reconnected) void flushNow(true)
  })
}

/** The heartbeat: the 10 s check query kept polling while the sync runs (its call sets the online state); each answer flushes. */
function startHeartbeat(queryClient: QueryClient): () => void {
  const observer = new QueryObserver(queryClient, requestCheckQueryOptions())
  const stopObserver = observer.subscribe(() => {})
  checkNow = () => void queryClient.refetchQueries({ queryKey: requestCheckKey, exact: true })
  const stopEvents = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.query.queryHash !== observer.getCurrentQuery().queryHash) return
    if (event.action.type === 'success') {
      const counts = event.query.state.data
      if (counts) postToWorker({ type: 'counts', counts })
      void flushNow()
    }
  })
  return () => {
    stopEvents()
    stopObserver()
    checkNow = () => {}
  }
}

/**
 * The signed-in user's waiting counts, and a flush for each new entry of theirs (an edit just queued, a
 * conflict kept, a rejection resent: each gets a new mutationId); the flusher's own changes do not start
 * one. Index keys and counts only: re-reading whole entries after each of a long replay's writes would
 * cost more than the replay. Another user's entries are counted apart (`others`): not theirs to send, but the device
 * holds them, and the header must not look as if all were sent.
 */
function watchOutbox(author: number): () => void {
  const db = offlineDb()
  let known = new Set<string>()
  const subscription = liveQuery(async () => ({
    keys: (await db.outbox.where('[author+mutationId]').between([author, Dexie.minKey], [author, Dexie.maxKey]).keys()).map((key) =>
      String((key as unknown[])[1]),
    ),
    needsDecision: await db.outbox.where('[author+status]').anyOf([author, 'conflict'], [author, 'rejected']).count(),
    all: await db.outbox.count(),
  })).subscribe({
    next: ({ keys, needsDecision, all }) => {
      const fresh = keys.some((key) => !known.has(key))
      known = new Set(keys)
      update({ waiting: keys.length, needsDecision, others: all - keys.length })
      if (fresh) void flushNow()
    },
    error: (error: unknown) => console.error('outbox subscription failed', error),
  })
  return () => subscription.unsubscribe()
}

function listen(target: EventTarget, type: string, handler: () => void): () => void {
  target.addEventListener(type, handler)
  return () => target.removeEventListener(type, handler)
}

/**
 * Runs while the signed-in console is shown: the heartbeat, the flush triggers (start, each reached
 * heartbeat, `online`, becoming visible, a new outbox entry, the next retry time) and the token handed to
 * the service worker. Returns the stop function.
 */
export function startSync(queryClient: QueryClient): () => void {
  const handToWorker = () => postToWorker({ type: 'session', token: session.token() })
  const author = session.userId()
  if (author !== null) void adoptUnauthored(author).catch((error: unknown) => console.error('outbox adoption failed', error))
  const stops = [
    followCalls(),
    startHeartbeat(queryClient),
    ...(author === null ? [] : [watchOutbox(author)]),
    listen(window, 'online', () => {
      checkNow()
      void flushNow(true)
    }),
    listen(window, 'offline', () => checkNow()),
    listen(document, 'visibilitychange', () => {
      if (document.visibilityState !== 'visible') return
      checkNow()
      void flushNow()
    }),
    session.subscribe(handToWorker),
  ]
  handToWorker()
  // A start is a sign-in or a page load: what the user left waiting goes now, not after a back-off grown before.
  void flushNow(true)
  return () => {
    stops.forEach((stop) => stop())
    clearTimeout(retryTimer)
  }
}
