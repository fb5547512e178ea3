import { onlineManager } from '@tanstack/react-query'
import { OUTBOX_SYNC_TAG, PERIODIC_CHECK_TAG, type PageToWorker, type WorkerToPage } from '../../../sw/protocol'
import { UPDATE_CHECK_MS } from '../../shared/constants'

/** Browsers offer Periodic Background Sync only to installed apps, and TypeScript's DOM lib lacks it. */
type PeriodicSyncRegistration = ServiceWorkerRegistration & {
  periodicSync?: { register(tag: string, options: { minInterval: number }): Promise<void> }
}

/** Background Sync (Chromium) is absent from TypeScript's DOM lib too. */
type SyncRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }

const PERIODIC_CHECK_MIN_INTERVAL_MS = 15 * 60_000

const hasWorker = () => 'serviceWorker' in navigator

/** Posts to the active service worker once there is one; without a worker (development, old browsers) nothing happens. */
export function postToWorker(message: PageToWorker): void {
  if (!hasWorker()) return
  void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage(message))
}

export function onWorkerMessage(listener: (message: WorkerToPage) => void): () => void {
  if (!hasWorker()) return () => {}
  const handle = (event: MessageEvent) => listener(event.data as WorkerToPage)
  navigator.serviceWorker.addEventListener('message', handle)
  return () => navigator.serviceWorker.removeEventListener('message', handle)
}

/** Lets the worker check for new applications in the background where the browser offers it; elsewhere the heartbeat does. */
export async function registerPeriodicCheck(): Promise<void> {
  if (!hasWorker()) return
  const registration: PeriodicSyncRegistration = await navigator.serviceWorker.ready
  await registration.periodicSync?.register(PERIODIC_CHECK_TAG, { minInterval: PERIODIC_CHECK_MIN_INTERVAL_MS }).catch(() => undefined)
}

/**
 * Asks the worker to send the outbox once the network is back, even if the console is closed by then; where the
 * browser has no Background Sync, the console sends it at its next start or `online` event.
 */
export async function registerOutboxSync(): Promise<void> {
  if (!hasWorker()) return
  const registration: SyncRegistration = await navigator.serviceWorker.ready
  await registration.sync?.register(OUTBOX_SYNC_TAG).catch(() => undefined)
}

/** How long the reload after an update may hang before it is started again. */
export const RELOAD_AGAIN_MS = 10_000

/**
 * Reloads the page once the new worker has taken it over (its `controllerchange`). Chromium sometimes leaves that
 * reload hanging for good: the new worker is stopped and started again while it activates, and the navigation it was
 * holding is never answered, the old page staying up (seen in `field-start.test.ts` on a busy machine). A reload
 * still waiting after RELOAD_AGAIN_MS is started again; the new worker is in charge by then.
 */
export function reloadWhenTakenOver(worker: Pick<ServiceWorkerContainer, 'addEventListener'>, reload: () => void): void {
  worker.addEventListener(
    'controllerchange',
    () => {
      reload()
      setInterval(reload, RELOAD_AGAIN_MS)
    },
    { once: true },
  )
}

/**
 * Asks for a new service worker now and then, and when the server answers again after none had: the sync's verdict,
 * which TanStack's onlineManager carries (`app/sync.ts`), not the browser's `online`, which a tablet whose Wi-Fi stayed
 * up never fires. A found one waits for the prompt. Here, not in `service-worker.ts`, whose PWA plugin module exists
 * only in a build: the tests reach it.
 */
export function checkForUpdatesPeriodically(registration: ServiceWorkerRegistration): void {
  const check = () => {
    // An install already under way will report itself; with no network at all the check could only fail. Not the
    // sync's verdict: the worker script is no API call, and may come while the API does not answer.
    if (!navigator.onLine || registration.installing) return
    registration.update().catch(() => undefined)
  }
  setInterval(check, UPDATE_CHECK_MS)
  onlineManager.subscribe((online) => {
    if (online) check()
  })
}
