import { isOffline } from './api-client'
import { loadOffline } from './lazy-offline'

type OfflineLayer = Awaited<ReturnType<typeof loadOffline>>

/**
 * The server's answer, or, when the server is out of reach, the device's copy (what the background mirror put
 * there); with no copy on the device the server's error stands.
 */
export async function deviceCopyWhenOffline<T>(fromServer: () => Promise<T>, fromDevice: (offline: OfflineLayer) => Promise<T | null | undefined>): Promise<T> {
  try {
    return await fromServer()
  } catch (error) {
    const copy = isOffline(error) ? await fromDevice(await loadOffline()) : undefined
    if (!copy) throw error
    return copy
  }
}

/** The same, with `offline` saying which answered (the screen's offline banner). */
export function serverOrDeviceCopy<TServer extends object, TDevice extends object>(
  fromServer: () => Promise<TServer>,
  fromDevice: (offline: OfflineLayer) => Promise<TDevice | null | undefined>,
): Promise<(TServer | TDevice) & { offline: boolean }> {
  return deviceCopyWhenOffline<(TServer | TDevice) & { offline: boolean }>(
    async () => ({ ...(await fromServer()), offline: false }),
    async (offline) => {
      const copy = await fromDevice(offline)
      return copy && { ...copy, offline: true }
    },
  )
}
