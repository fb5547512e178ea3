/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] }

// The app shell is precached; API answers are never put in Cache Storage (they are per user and change).
precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

// Navigations get the SPA shell, never for /api/.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//] }))

// Updates wait for the user's choice (the console's update prompt), never a reload mid-edit.
self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting()
})
