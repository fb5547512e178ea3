/*
 * Kill switch of the console's service worker (docs/offline.md, "Removing the service worker").
 * Deployed in place of dist/sw.js, it is what browsers find at their next update check: it installs at
 * once, deletes the console's Cache Storage, unregisters itself and reloads the open console tabs, which
 * then load straight from the server. IndexedDB (the offline copy and the outbox of waiting edits) is
 * left alone: the reloaded console sends those edits as usual.
 */
self.addEventListener('install', () => self.skipWaiting())
self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys()
      await Promise.all(names.map((name) => caches.delete(name)))
      await self.registration.unregister()
      const windows = await self.clients.matchAll({ type: 'window' })
      await Promise.all(windows.map((client) => client.navigate(client.url)))
    })(),
  )
})
