import { setMaxListeners } from 'node:events'
import { eq } from 'drizzle-orm'
import type { Executor } from '../db/client'
import { collectingServers } from '../db/schema'
import { freeSlots, TurnCancelled } from './converter-turns'
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
  /** Stops claiming, drops the polls waiting for their converter and waits for those polling to be recorded. */
  stop(): Promise<void>
}

/**
 * The collecting service: every tick it marks the server alive, then fills its free slots with meter
 * requests ("Обновить" first: a person is waiting) and due tasks. Polls run concurrently, at most
 * `concurrency` of them holding a connection, one at a time per converter (converter-turns.ts); each claims its own
 * work, so any number of services may share one database.
 */
export function startCollectingService(db: Executor, options: ServiceOptions): RunningService {
  const clock = options.clock ?? (() => new Date())
  const log = options.log ?? (() => undefined)
  const running = new Set<Promise<unknown>>()
  /** The tasks and requests being run, by kind and id. */
  const inFlight = new Set<string>()
  const record = runRecorder(db, options.serverId)
  let stopped = false
  const stopping = new AbortController()
  // Every poll waiting for its converter listens for the stop, and a busy converter has many: not a leak (a poll's
  // listener goes when its turn comes), so Node's warning at ten is off for this signal.
  setMaxListeners(0, stopping.signal)
  const runOptions = { ...options, stopWaiting: stopping.signal }
  let timer: NodeJS.Timeout | undefined
  let cycle: Promise<void> = Promise.resolve()

  /**
   * Runs work claimed again while its last run still waits for its converter, or polls, only once: that run answers
   * for both (a task's missed due times collapse into one run; a request is retaken after 5 minutes). So no more runs
   * wait than there are tasks and requests, however far behind a converter falls.
   */
  const track = (key: string, work: () => Promise<unknown>) => {
    if (inFlight.has(key)) return
    inFlight.add(key)
    const tracked = work()
      .catch((error: unknown) => {
        if (!(error instanceof TurnCancelled)) log('collecting service: a poll failed', error)
      })
      .finally(() => {
        running.delete(tracked)
        inFlight.delete(key)
      })
    running.add(tracked)
  }

  const tick = async () => {
    const now = clock()
    await db.update(collectingServers).set({ last_seen_at: now }).where(eq(collectingServers.data_collecting_server_id, options.serverId))
    const requests = await claimRequests(db, options.serverId, now, freeSlots(options.concurrency, running.size))
    for (const request of requests) {
      track(`request ${request.request_id}`, () => runRequest(db, request, options.deadlineMs, options.box, clock, stopping.signal))
    }
    const tasks = await claimDueTasks(db, options.serverId, now, freeSlots(options.concurrency, running.size))
    for (const task of tasks) track(`task ${task.counter_task_id}`, () => runTask(db, task, runOptions, record))
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
      // The polls holding a converter finish; those waiting for one are not started, or a long queue outlasts the stop.
      stopping.abort()
      await cycle
      await Promise.all(running)
    },
  }
}
