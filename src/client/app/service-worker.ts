import { registerSW } from 'virtual:pwa-register'
import { checkForUpdatesPeriodically, reloadWhenTakenOver } from './sw-bridge'

type UpdateListener = (apply: () => Promise<void>) => void
let onUpdate: UpdateListener = () => {}
let pending: (() => Promise<void>) | null = null

/** The update prompt subscribes here; an update is applied only when the user says so, never mid-edit. */
export function onServiceWorkerUpdate(listener: UpdateListener) {
  onUpdate = listener
  if (pending) listener(pending)
}

export function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return
  let registration: ServiceWorkerRegistration | undefined
  const updateSW = registerSW({
    immediate: true,
    onNeedRefresh() {
      pending = async () => {
        // Another tab took the update already: the new worker is in charge, this page has only to reload.
        if (!registration?.waiting) return window.location.reload()
        // The page reloads once the new worker takes it over, the page of a first visit too (taken over only once
        // the worker had installed), which the plugin's own reload leaves out.
        reloadWhenTakenOver(navigator.serviceWorker, () => window.location.reload())
        await updateSW(true)
      }
      onUpdate(pending)
    },
    // The plugin would reload every open tab as one takes the update, and what another had typed would be lost:
    // each reloads when its own user says so, the prompt staying up until then.
    onNeedReload() {},
    onRegisteredSW(_url, r) {
      registration = r
      if (r) checkForUpdatesPeriodically(r)
    },
  })
}
