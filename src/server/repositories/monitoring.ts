import { sql } from 'drizzle-orm'
import { MONITORING_STATUSES } from '../../shared/constants'
import type { MonitoringStatus, MonitoringTask } from '../../shared/schemas/collection'
import type { Executor } from '../db/client'
import { findTasks, iso } from './tasks'

type LastTask = MonitoringTask['last_tasks'][number] & { counter_task_id: number }

/**
 * Tasks in trouble (docs/collection.md): STOPPED_FAILED (given up), PAUSED_FAILED (paused, retried with back-off),
 * UNSTABLE (working, but one of its last `interactions` runs failed); each with those last runs, newest first.
 */
export async function listFailedTasks(
  db: Executor,
  interactions: number,
  statuses: readonly MonitoringStatus[] = MONITORING_STATUSES,
): Promise<MonitoringTask[]> {
  const failing = await db.execute(sql`
    select counter_task_id, status from (
      select t.counter_task_id, t.last_interaction_date,
        case when t.state = 'stopped_failed' then 'STOPPED_FAILED'
             when t.state = 'paused' then 'PAUSED_FAILED'
             when t.state = 'working' and exists (
               select 1 from (
                 select l.success from task_logs l where l.counter_task_id = t.counter_task_id order by l.start_date desc limit ${interactions}
               ) recent
               where not recent.success) then 'UNSTABLE' end as status
      from counter_tasks t) s
    where status = any(${`{${statuses.join(',')}}`}::text[])
    order by last_interaction_date desc nulls last, counter_task_id`)
  const statusOf = new Map((failing.rows as { counter_task_id: number; status: MonitoringStatus }[]).map((r) => [r.counter_task_id, r.status]))
  if (statusOf.size === 0) return []
  const ids = [...statusOf.keys()]
  const [tasks, recent] = await Promise.all([
    findTasks(db, ids),
    db.execute(sql`
      select l.counter_task_id, l.task_log_id, ${iso('l.start_date')} as start_date, l.success, l.partial,
        coalesce((select e.text from task_log_entries e where e.task_log_id = l.task_log_id order by e.task_log_entry_id desc limit 1), '') as text
      from (select *, row_number() over (partition by counter_task_id order by start_date desc) as n
            from task_logs where counter_task_id = any(${`{${ids.join(',')}}`}::int[])) l
      where l.n <= ${interactions} order by l.start_date desc`),
  ])
  const byId = new Map(tasks.map((t) => [t.counter_task_id, t]))
  const lastTasks = recent.rows as LastTask[]
  return ids.flatMap((id) => {
    const task = byId.get(id)
    if (!task) return []
    const last_tasks = lastTasks.filter((l) => l.counter_task_id === id).map(({ counter_task_id: _, ...rest }) => rest)
    return [{ ...task, status: statusOf.get(id)!, last_tasks }]
  })
}
