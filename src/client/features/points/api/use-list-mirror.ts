import { useEffect } from 'react'
import type { ListName } from '../../../offline'
import { loadOffline } from '../../../lib/lazy-offline'

/**
 * Keeps the device's copy of a big list for offline use: refreshed from the server when the screen opens (a
 * failure just leaves the old copy), and any change of that copy (an edit sent, another tab) re-reads the screen.
 */
export function useListMirror(list: ListName, mirror: () => Promise<void>, onChange: () => void): void {
  useEffect(() => {
    mirror().catch(() => undefined)
    let stop: (() => void) | undefined
    let left = false
    void loadOffline().then((offline) => {
      if (!left) stop = offline.onCachedListChange(list, onChange)
    })
    return () => {
      left = true
      stop?.()
    }
    // The screen's callbacks change identity every render; subscribing once per list is what is meant.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [list])
}
