import { registerSW } from 'virtual:pwa-register'

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
  const updateSW = registerSW({
    immediate: true,
    onNeedRefresh() {
      pending = () => updateSW(true)
      onUpdate(pending)
    },
  })
}
