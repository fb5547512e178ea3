import type { Executor } from '../db/client'
import type { SecretBox } from '../lib/secret-box'
import { freeSlots, onWaitStart } from './converter-turns'
import { pollMeter } from './poll-meter'
import { claimDueTasks, runRecorder, type ClaimedTask, type FinishedRun } from './task-runs'
import { loadMeterContext } from './task-context'
import { T } from '../../shared/texts'

export interface RunOptions {
  /** Opens the meters' sealed passwords: the server's box (the same JWT_SECRET or data folder). */
  box: SecretBox
  /** Meters polled at once. */
  concurrency: number
  /** The longest one meter's poll may take. */
  deadlineMs: number
  clock?: () => Date
  /** The service is stopping: polls still waiting for their converter are not started. */
  stopWaiting?: AbortSignal
}

/**
 * Polls one claimed task's meter and records the run through `record`; never rejects for a meter's fault. A poll whose
 * service stopped before its turn rejects with TurnCancelled and records nothing: its due time passes like a missed one.
 */
export async function runTask(db: Executor, task: ClaimedTask, options: RunOptions, record: (run: FinishedRun) => Promise<void>): Promise<boolean> {
  const clock = options.clock ?? (() => new Date())
  const startedAt = clock()
  const context = await loadMeterContext(db, task.counter_id, task.task_groups)
  const meter = context && { ...context, clockCorrection: task.clock_correction, stopWaiting: options.stopWaiting }
  const result = meter
    ? await pollMeter(db, meter, startedAt, options.deadlineMs, options.box, clock)
    : { ok: false, fatal: true, lines: [{ date: startedAt, text: T.poll.meterNotFound }], registers: [], phases: [], intervals: [] }
  await record({ task, startedAt, endedAt: clock(), result })
  return result.ok
}

export interface RoundResult {
  tasks: number
  succeeded: number
  failed: number
}

/**
 * One round: claims every task of the server due at `now` and polls them, `concurrency` at a time (polls waiting for
 * their converter aside), until none is left. Each task is claimed once, as its next due time is after `now`. Used by
 * the benchmark and the tests; the running service does the same continuously.
 */
export async function runRound(db: Executor, serverId: number, now: Date, options: RunOptions): Promise<RoundResult> {
  const totals: RoundResult = { tasks: 0, succeeded: 0, failed: 0 }
  const running = new Set<Promise<void>>()
  const record = runRecorder(db, serverId)
  // More is claimed when a poll ends, or starts waiting for its converter and so frees its slot.
  let waitsStarted = 0
  let wake = () => {}
  const stopListening = onWaitStart(() => {
    waitsStarted++
    wake()
  })
  try {
    for (;;) {
      const waitsSeen = waitsStarted
      const claimed = await claimDueTasks(db, serverId, now, freeSlots(options.concurrency, running.size))
      for (const task of claimed) {
        totals.tasks++
        const run = runTask(db, task, options, record).then((ok) => {
          if (ok) totals.succeeded++
          else totals.failed++
          running.delete(run)
        })
        running.add(run)
      }
      if (running.size === 0) return totals
      if (waitsStarted === waitsSeen) await Promise.race([...running, new Promise<void>((resolve) => (wake = resolve))])
    }
  } finally {
    stopListening()
  }
}
