import { useEffect } from 'react'
import type { ListName } from '../../../offline'
import { loadOffline } from '../../../lib/lazy-offline'

const REREAD_AFTER_MS = 300

/**
 * Keeps the device's copy of a big list for offline use: refreshed from the server when the screen opens (a
 * failure just leaves the old copy), and any change of that copy (an edit sent, another tab) re-reads the screen.
 */
export function useListMirror(list: ListName, mirror: () => Promise<void>, onChange: () => void): void {
  useEffect(() => {
    mirror().catch(() => undefined)
    let stop: (() => void) | undefined
    let left = false
    // A replay changes the copy once per sent edit: the screen re-reads once the burst is over.
    let timer: ReturnType<typeof setTimeout> | undefined
    const changed = () => {
      clearTimeout(timer)
      timer = setTimeout(onChange, REREAD_AFTER_MS)
    }
    void loadOffline().then((offline) => {
      if (!left) stop = offline.onCachedListChange(list, changed)
    })
    return () => {
      left = true
      clearTimeout(timer)
      stop?.()
    }
    // The screen's callbacks change identity every render; subscribing once per list is what is meant.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [list])
}
