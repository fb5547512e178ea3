import { registerSW } from 'virtual:pwa-register'
import { UPDATE_CHECK_MS } from '../../shared/constants'

type UpdateListener = (apply: () => Promise<void>) => void
let onUpdate: UpdateListener = () => {}
let pending: (() => Promise<void>) | null = null

/** The update prompt subscribes here; an update is applied only when the user says so, never mid-edit. */
export function onServiceWorkerUpdate(listener: UpdateListener) {
  onUpdate = listener
  if (pending) listener(pending)
}

/** Asks for a new service worker now and then, and when the network comes back; a found one waits for the prompt. */
function checkForUpdatesPeriodically(registration: ServiceWorkerRegistration): void {
  const check = () => {
    // An install already under way will report itself; offline the check could only fail.
    if (!navigator.onLine || registration.installing) return
    registration.update().catch(() => undefined)
  }
  setInterval(check, UPDATE_CHECK_MS)
  window.addEventListener('online', check)
}

let reloading = false
/** One reload, whichever of the signals for it comes first. */
const reload = () => {
  if (reloading) return
  reloading = true
  window.location.reload()
}

export function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return
  const updateSW = registerSW({
    immediate: true,
    onNeedRefresh() {
      pending = async () => {
        // The plugin reloads only a page that had a worker when it loaded: the page of a tablet's first visit, taken
        // over by the worker once installed and never reloaded since, would keep the old code under the new worker.
        navigator.serviceWorker.addEventListener('controllerchange', reload, { once: true })
        await updateSW(true)
      }
      onUpdate(pending)
    },
    onNeedReload: reload,
    onRegisteredSW(_url, registration) {
      if (registration) checkForUpdatesPeriodically(registration)
    },
  })
}
