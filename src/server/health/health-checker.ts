import { HEALTH_CHECK_PERIOD_MS, HEALTH_CHECK_TIMEOUT_MS } from '../../shared/constants'
import type { Executor } from '../db/client'
import { healthTargets } from '../repositories/represents'
import { tcpReachable } from './tcp-probe'

/**
 * The last known health of each object whose host is checked. Requests read this map and never wait on a
 * host: the checks run on their own schedule, each bounded by a timeout.
 */
const lastHealth = new Map<number, boolean>()

export function healthSnapshot(): Record<string, boolean> {
  return Object.fromEntries([...lastHealth].map(([id, ok]) => [String(id), ok]))
}

/** Checks every object's host once, in parallel; objects no longer checked leave the map. */
export async function runHealthRound(db: Executor, timeoutMs: number = HEALTH_CHECK_TIMEOUT_MS): Promise<void> {
  const targets = await healthTargets(db)
  const results = await Promise.all(targets.map(async (t) => [t.represent_id, await tcpReachable(t.host, t.port!, timeoutMs)] as const))
  lastHealth.clear()
  for (const [id, ok] of results) lastHealth.set(id, ok)
}

/** Starts the periodic checks (from main.ts only); returns the function that stops them. */
export function startHealthChecks(db: Executor, log: (error: unknown) => void, periodMs: number = HEALTH_CHECK_PERIOD_MS): () => void {
  let running = false
  const round = async () => {
    if (running) return
    running = true
    try {
      await runHealthRound(db)
    } catch (error) {
      log(error)
    } finally {
      running = false
    }
  }
  void round()
  const timer = setInterval(() => void round(), periodMs)
  timer.unref()
  return () => clearInterval(timer)
}
