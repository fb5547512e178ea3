import { startTransition, useEffect, useState } from 'react'

/**
 * False for the first render, true soon after, rendered as a transition (in slices that leave the main thread
 * free between them). For what the first paint of a screen does not need: the sidebar's menu renders after the
 * list instead of inside the same long task.
 */
export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => startTransition(() => setReady(true)))
    return () => clearTimeout(timer)
  }, [])
  return ready
}
