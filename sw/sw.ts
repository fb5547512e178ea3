/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core'
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { sendOutbox } from './outbox-sync'
import { OUTBOX_SYNC_TAG, PERIODIC_CHECK_TAG, REQUESTS_PATH, type PageToWorker, type WorkerToPage } from './protocol'
import { checkInBackground, noteCounts, rememberToken } from './requests-check'

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] }

/** (Periodic) Background Sync is Chromium-only and absent from TypeScript's lib. */
interface PeriodicSyncEvent extends ExtendableEvent {
  readonly tag: string
}
type SyncEvent = PeriodicSyncEvent

// The app shell is precached; API answers are never put in Cache Storage (they are per user and change).
precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

// The first install takes the open page at once, so it works offline without a reload; later versions
// only activate when the user chose «Обновить» (the page reloads then anyway).
clientsClaim()

// Navigations get the SPA shell, never for /api/.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//] }))

self.addEventListener('message', (event) => {
  const message = event.data as PageToWorker | undefined
  switch (message?.type) {
    // Updates wait for the user's choice (the console's update prompt), never a reload mid-edit.
    case 'SKIP_WAITING':
      void self.skipWaiting()
      break
    case 'session':
      event.waitUntil(rememberToken(message.token))
      break
    case 'counts':
      event.waitUntil(noteCounts(message.counts))
      break
  }
})

self.addEventListener('sync', ((event: SyncEvent) => {
  if (event.tag === OUTBOX_SYNC_TAG) event.waitUntil(sendOutbox())
}) as EventListener)

self.addEventListener('periodicsync', ((event: PeriodicSyncEvent) => {
  if (event.tag === PERIODIC_CHECK_TAG) event.waitUntil(checkInBackground().catch(() => undefined))
}) as EventListener)

// A click opens the applications in a console window already open (routed by the page, so nothing typed
// there is lost to a reload), or in a new window.
self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const path = (event.notification.data as { url?: string } | null)?.url ?? REQUESTS_PATH
  event.waitUntil(
    (async () => {
      const [open] = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
      if (!open) {
        await self.clients.openWindow(path)
        return
      }
      await open.focus()
      open.postMessage({ type: 'open', path } satisfies WorkerToPage)
    })(),
  )
})
