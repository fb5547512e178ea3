import { useEffect, useState } from 'react'
import { LIST_LOAD_DELAY_MS } from '../../../shared/constants'

/** True only once `flag` has stayed true for `delay` ms, so that fast loads do not flash a spinner. */
export function useDelayedFlag(flag: boolean, delay: number = LIST_LOAD_DELAY_MS): boolean {
  const [shown, setShown] = useState(false)
  useEffect(() => {
    if (!flag) {
      setShown(false)
      return
    }
    const timer = setTimeout(() => setShown(true), delay)
    return () => clearTimeout(timer)
  }, [flag, delay])
  return shown
}
