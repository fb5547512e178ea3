import { eq } from 'drizzle-orm'
import type { Executor } from '../db/client'
import { collectingServers } from '../db/schema'
import { claimRequests, runRequest } from './current-data'
import { runTask, type RunOptions } from './round'
import { claimDueTasks, runRecorder } from './task-runs'

export interface ServiceOptions extends RunOptions {
  serverId: number
  /** How often the service looks for due tasks and requests. */
  tickMs: number
  log?: (message: string, error?: unknown) => void
}

export interface RunningService {
  /** Stops claiming and waits for the polls in progress to be recorded. */
  stop(): Promise<void>
}

/**
 * The collecting service: every tick it marks the server alive, then fills its free slots with meter
 * requests ("Обновить" first: a person is waiting) and due tasks. Polls run concurrently, at most
 * `concurrency` of them; each claims its own work, so any number of services may share one database.
 */
export function startCollectingService(db: Executor, options: ServiceOptions): RunningService {
  const clock = options.clock ?? (() => new Date())
  const log = options.log ?? (() => undefined)
  const running = new Set<Promise<unknown>>()
  const record = runRecorder(db, options.serverId)
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let cycle: Promise<void> = Promise.resolve()

  const track = (work: Promise<unknown>) => {
    const tracked = work.catch((error: unknown) => log('collecting service: a poll failed', error)).finally(() => running.delete(tracked))
    running.add(tracked)
  }

  const tick = async () => {
    const now = clock()
    await db.update(collectingServers).set({ last_seen_at: now }).where(eq(collectingServers.data_collecting_server_id, options.serverId))
    const requests = await claimRequests(db, options.serverId, now, options.concurrency - running.size)
    for (const request of requests) track(runRequest(db, request, options.deadlineMs, options.box, clock))
    const tasks = await claimDueTasks(db, options.serverId, now, options.concurrency - running.size)
    for (const task of tasks) track(runTask(db, task, options, record))
  }

  const loop = () => {
    cycle = tick()
      .catch((error: unknown) => log('collecting service: a cycle failed', error))
      .finally(() => {
        if (!stopped) timer = setTimeout(loop, options.tickMs)
      })
  }
  loop()

  return {
    async stop() {
      stopped = true
      clearTimeout(timer)
      await cycle
      await Promise.all(running)
    },
  }
}
