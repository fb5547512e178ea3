import { isOffline } from './api-client'
import { loadOffline } from './lazy-offline'

type OfflineLayer = Awaited<ReturnType<typeof loadOffline>>

/**
 * The server's answer, or, when the server is out of reach, the device's copy (what the background mirror put
 * there), with `offline` saying which; with no copy on the device the server's error stands.
 */
export async function serverOrDeviceCopy<TServer extends object, TDevice extends object>(
  fromServer: () => Promise<TServer>,
  fromDevice: (offline: OfflineLayer) => Promise<TDevice | null | undefined>,
): Promise<(TServer | TDevice) & { offline: boolean }> {
  try {
    return { ...(await fromServer()), offline: false }
  } catch (error) {
    const copy = isOffline(error) ? await fromDevice(await loadOffline()) : undefined
    if (!copy) throw error
    return { ...copy, offline: true }
  }
}
