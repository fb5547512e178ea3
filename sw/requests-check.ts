/// <reference lib="webworker" />
import * as v from 'valibot'
import { requestCheck } from '../src/shared/schemas/requests'
import { badgeCount, countsRose, requestsNotification } from './counts'
import { CHECK_PATH, type RequestCounts } from './protocol'
import { tokenSubject } from '../src/shared/token'
import { swStore } from './store'

declare const self: ServiceWorkerGlobalScope

const TOKEN_KEY = 'token'
const LAST_COUNTS_KEY = 'lastCounts'

/** The token the page handed over last, null once it signed out or the server refused it. */
export const storedToken = async (): Promise<string | null> => (await swStore.get<string>(TOKEN_KEY)) ?? null

let queue: Promise<void> = Promise.resolve()

/**
 * The page's token (null after signing out). When the user changes, the last counts and the badge were
 * the previous user's: they go, so the next user's first counts only set a baseline. Queued with the
 * counts, so that counts the page sent before signing out are not taken for the next user's.
 */
export function rememberToken(token: string | null): Promise<void> {
  queue = queue.then(() => storeToken(token)).catch(() => undefined)
  return queue
}

const subjectOf = (token: string | null | undefined): number | null => (token ? tokenSubject(token) : null)

async function storeToken(token: string | null): Promise<void> {
  const previous = await swStore.get<string>(TOKEN_KEY)
  await (token ? swStore.set(TOKEN_KEY, token) : swStore.delete(TOKEN_KEY))
  if (subjectOf(previous) !== subjectOf(token)) {
    await swStore.delete(LAST_COUNTS_KEY)
    if ('clearAppBadge' in self.navigator) await self.navigator.clearAppBadge().catch(() => undefined)
  }
}

/**
 * Counts from the page's heartbeat or the background check, one at a time (both compare with the same
 * last-seen counts): notify when a count rose, and show the total on the app badge.
 */
export function noteCounts(counts: RequestCounts): Promise<void> {
  queue = queue.then(() => applyCounts(counts)).catch(() => undefined)
  return queue
}

async function applyCounts(counts: RequestCounts): Promise<void> {
  const last = await swStore.get<RequestCounts>(LAST_COUNTS_KEY)
  await swStore.set(LAST_COUNTS_KEY, counts)
  if ('setAppBadge' in self.navigator) {
    const total = badgeCount(counts)
    await (total > 0 ? self.navigator.setAppBadge(total) : self.navigator.clearAppBadge()).catch(() => undefined)
  }
  if (countsRose(last, counts) && Notification.permission === 'granted') {
    const { title, options } = requestsNotification(counts)
    await self.registration.showNotification(title, options)
  }
}

/** Periodic background sync: the same check call with the token the page handed over; nothing is cached. */
export async function checkInBackground(): Promise<void> {
  const token = await storedToken()
  if (!token) return
  const response = await fetch(CHECK_PATH, { headers: { Accept: 'application/json', Authorization: `JWT ${token}` }, cache: 'no-store' })
  // A token the server refuses stays refused: wait for the page to hand over a new one.
  if (response.status === 401) return storeToken(null)
  if (!response.ok) return
  const parsed = v.safeParse(requestCheck, await response.json())
  if (parsed.success) await noteCounts(parsed.output)
}
