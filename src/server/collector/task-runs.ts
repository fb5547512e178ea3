import { sql } from 'drizzle-orm'
import { DEFAULT_TIME_ZONE } from '../../shared/metering'
import type { TaskInterval, TaskState } from '../../shared/schemas/collection'
import type { Executor } from '../db/client'
import { taskLogEntries, taskLogs } from '../db/schema'
import { storePolls, type PollResult } from './poll-meter'
import { nextRunAfter } from './schedule'

/* Claiming due tasks and recording their runs with the failure statistics (docs/collection.md). */

/** Consecutive failures after which a task is paused and retried with back-off (PAUSED_FAILED). */
export const FAILURES_TO_PAUSE = 3
/** Consecutive failures after which a task is stopped until someone starts it (STOPPED_FAILED). */
export const FAILURES_TO_STOP = 10
const BACKOFF_BASE_MS = 60_000
const BACKOFF_MAX_MS = 3_600_000

/** 1, 2, 4 ... minutes after the pausing failure, at most an hour. */
function backoffMs(failures: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, failures - FAILURES_TO_PAUSE), BACKOFF_MAX_MS)
}

export interface ClaimedTask {
  counter_task_id: number
  counter_id: number
  task_groups: number[]
  /** The due time this run answers for. */
  due_at: Date
  /** The task may correct the meter's clock. */
  clock_correction: boolean
}

const idArray = (ids: number[]) => `{${ids.join(',')}}`
const isoArray = (dates: (Date | null)[]) => `{${dates.map((d) => (d ? d.toISOString() : 'NULL')).join(',')}}`

/**
 * Takes up to `limit` due tasks of this collecting server. The rows are locked with SKIP LOCKED and their next due
 * time is advanced in the same transaction, so another service (or this one's next cycle) never takes the same
 * due time again. Due times missed while nobody was collecting collapse into one run.
 */
export async function claimDueTasks(db: Executor, serverId: number, now: Date, limit: number): Promise<ClaimedTask[]> {
  if (limit <= 0) return []
  return db.transaction(async (tx) => {
    const due = await tx.execute(sql`
      select counter_task_id, counter_id, interval, value, task_groups, next_run_at, clock_correction,
        coalesce((select time_zone from accounts order by account_id limit 1), ${DEFAULT_TIME_ZONE}) as time_zone
      from counter_tasks
      where data_collecting_server_id = ${serverId} and state in ('working', 'paused') and next_run_at <= ${now.toISOString()}::timestamptz
        -- «Отключить опрос счётчика» (is_active false): its tasks wait, and run once it is switched on again.
        and exists (select 1 from counters c where c.counter_id = counter_tasks.counter_id and c.is_active)
      order by next_run_at, counter_task_id limit ${limit}
      for update skip locked`)
    const rows = due.rows as {
      counter_task_id: number
      counter_id: number
      interval: TaskInterval
      value: string
      task_groups: number[]
      next_run_at: Date
      clock_correction: boolean
      time_zone: string
    }[]
    if (rows.length === 0) return []
    await tx.execute(sql`
      update counter_tasks t set next_run_at = x.next_run_at, last_due_at = x.due_at
      from unnest(${idArray(rows.map((r) => r.counter_task_id))}::int[],
                  ${isoArray(rows.map((r) => nextRunAfter(r.interval, r.value, now, r.time_zone)))}::timestamptz[],
                  ${isoArray(rows.map((r) => new Date(r.next_run_at)))}::timestamptz[]) as x(id, next_run_at, due_at)
      where t.counter_task_id = x.id`)
    return rows.map((r) => ({
      counter_task_id: r.counter_task_id,
      counter_id: r.counter_id,
      task_groups: r.task_groups,
      due_at: new Date(r.next_run_at),
      clock_correction: r.clock_correction,
    }))
  })
}

interface TaskStats {
  state: TaskState
  interval: TaskInterval
  value: string
  consecutive_failures: number
  next_run_at: Date | null
}

/** The state and next due time after a run; a task someone stopped meanwhile keeps its state. */
function afterRun(
  task: TaskStats,
  result: Pick<PollResult, 'ok' | 'fatal' | 'timeZone'>,
  now: Date,
): { state: TaskState; failures: number; next: Date | null } {
  const active = task.state === 'working' || task.state === 'paused'
  if (result.ok) {
    if (!active) return { state: task.state, failures: 0, next: task.next_run_at }
    if (task.interval === 'once') return { state: 'stopped', failures: 0, next: null }
    // A paused task's back-off gives way to its schedule again.
    const next = task.state === 'paused' ? nextRunAfter(task.interval, task.value, now, result.timeZone ?? DEFAULT_TIME_ZONE) : task.next_run_at
    return { state: 'working', failures: 0, next }
  }
  const failures = task.consecutive_failures + 1
  if (!active) return { state: task.state, failures, next: task.next_run_at }
  if (result.fatal || failures >= FAILURES_TO_STOP) return { state: 'stopped_failed', failures, next: null }
  if (failures >= FAILURES_TO_PAUSE) return { state: 'paused', failures, next: new Date(now.getTime() + backoffMs(failures)) }
  return { state: 'working', failures, next: task.next_run_at ?? new Date(now.getTime() + BACKOFF_BASE_MS) }
}

/** A poll that has ended, waiting to be recorded. */
export interface FinishedRun {
  task: ClaimedTask
  startedAt: Date
  endedAt: Date
  result: PollResult
}

/** Stores what the runs read, the log of each run with its entries and the tasks' statistics, in one transaction. */
async function recordRuns(db: Executor, serverId: number, runs: FinishedRun[]): Promise<void> {
  await db.transaction(async (tx) => {
    await storePolls(
      tx,
      runs.map((run) => run.result),
    )
    for (const run of runs) await recordOutcome(tx, serverId, run)
  })
}

async function recordOutcome(tx: Executor, serverId: number, { task, startedAt, endedAt: now, result }: FinishedRun): Promise<void> {
  const [log] = await tx
    .insert(taskLogs)
    .values({
      counter_task_id: task.counter_task_id,
      data_collecting_server_id: serverId,
      due_at: task.due_at,
      start_date: startedAt,
      end_date: now,
      success: result.ok,
      partial: result.ok && result.unread !== undefined,
    })
    .returning({ id: taskLogs.task_log_id })
  if (result.lines.length > 0) await tx.insert(taskLogEntries).values(result.lines.map((line) => ({ task_log_id: log!.id, date: line.date, text: line.text })))
  const current = await tx.execute(sql`
    select state, interval, value, consecutive_failures, next_run_at from counter_tasks where counter_task_id = ${task.counter_task_id} for update`)
  const stats = current.rows[0] as TaskStats | undefined
  if (!stats) return
  const after = afterRun({ ...stats, next_run_at: stats.next_run_at ? new Date(stats.next_run_at) : null }, result, now)
  // A poll that read some groups succeeds; its last line, which names the groups left unread, is kept as its error.
  const lastError = result.ok && !result.unread ? '' : (result.lines.at(-1)?.text ?? '')
  await tx.execute(sql`
    update counter_tasks set state = ${after.state}, consecutive_failures = ${after.failures},
      next_run_at = ${after.next ? after.next.toISOString() : null}::timestamptz,
      last_interaction_date = ${now.toISOString()}::timestamptz, last_success = ${result.ok}, last_error = ${lastError},
      total_runs = total_runs + 1, total_failures = total_failures + ${result.ok ? 0 : 1}
    where counter_task_id = ${task.counter_task_id}`)
}

/**
 * Records runs as their polls end. The runs that end while a write is in progress are written together by the next
 * one, so a busy round pays one transaction, and one validation statement, per group rather than per meter. A group
 * that fails is recorded run by run, so that one bad run does not lose the others.
 */
export function runRecorder(db: Executor, serverId: number): (run: FinishedRun) => Promise<void> {
  let waiting: { run: FinishedRun; resolve: () => void; reject: (error: unknown) => void }[] = []
  let writing = false
  const write = async () => {
    writing = true
    while (waiting.length > 0) {
      const group = waiting
      waiting = []
      try {
        await recordRuns(
          db,
          serverId,
          group.map((w) => w.run),
        )
        for (const w of group) w.resolve()
      } catch (error) {
        if (group.length === 1) group[0]!.reject(error)
        else for (const w of group) await recordRuns(db, serverId, [w.run]).then(w.resolve, w.reject)
      }
    }
    writing = false
  }
  return (run) =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ run, resolve, reject })
      if (!writing) void write()
    })
}
