import { asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { CounterTask, TaskInput, TaskLog } from '../../shared/schemas/collection'
import { pageOf, type ListQuery } from '../../shared/schemas/common'
import { T } from '../../shared/texts'
import { nextRunAfter, scheduleError } from '../collector/schedule'
import type { Executor } from '../db/client'
import { collectingServers, counterTasks, counters, taskGroups, taskLogEntries, taskLogs } from '../db/schema'
import { fieldError } from '../lib/http-errors'
import { likePattern } from '../lib/listing'

/** An instant as ISO 8601 UTC text, the way every answer carries times. */
export const iso = (column: SQL | string) =>
  sql`to_char((${typeof column === 'string' ? sql.raw(column) : column}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/** The task row as the API answers it: the meter, its current point and objects, and what the task collects. */
const taskSelect = sql`
  select t.counter_task_id, t.counter_id, c.serial_num as counter_num, m.name as counter_model,
    p.point_id, p.point_number, p.name as point_name, p.address,
    coalesce((select json_agg(json_build_object('represent_id', r.represent_id, 'name', r.name) order by r.name)
      from represent_points rp join represents r on r.represent_id = rp.represent_id where rp.point_id = p.point_id), '[]'::json) as represents,
    t.state, t.interval, t.value, t.state in ('working', 'paused') as enabled,
    coalesce((select json_agg(dp.parameter_id order by dp.parameter_id)
      from model_parameters mp join data_parameters dp on dp.parameter_id = mp.parameter_id
      left join counter_parameter_selections s on s.counter_id = t.counter_id and s.parameter_id = dp.parameter_id
      where mp.model_id = c.model_id and coalesce(s.is_selected, true)
        and dp.task_group_id in (select jsonb_array_elements_text(t.task_groups)::int)), '[]'::json) as counter_parameters,
    t.task_groups, t.data_collecting_server_id, ${iso('t.next_run_at')} as next_run_at,
    ${iso('t.last_interaction_date')} as last_interaction_date,
    case when t.last_success is null then null
      else json_build_object('success', t.last_success, 'date', ${iso('t.last_interaction_date')}) end as last_values,
    t.consecutive_failures, t.last_error, t.clock_correction
  from counter_tasks t
  join counters c on c.counter_id = t.counter_id
  join counter_models m on m.model_id = c.model_id
  left join point_counters pc on pc.counter_id = t.counter_id and pc.removed_at is null
  left join points p on p.point_id = pc.point_id`

type TaskRecord = Omit<CounterTask, 'task_group'>

const withGroupText = (row: TaskRecord): CounterTask => ({ ...row, task_group: row.task_groups.join(',') })

export type TaskFilters = ListQuery & { point_id?: number; counter_id?: number; order_by?: 'counter_id' | '-counter_id' }

export async function listTasks(db: Executor, query: TaskFilters) {
  const conditions: SQL[] = [sql`true`]
  if (query.point_id !== undefined) conditions.push(sql`p.point_id = ${query.point_id}`)
  if (query.counter_id !== undefined) conditions.push(sql`t.counter_id = ${query.counter_id}`)
  if (query.search) {
    const pattern = likePattern(query.search)
    conditions.push(sql`(c.serial_num ilike ${pattern} or p.name ilike ${pattern} or p.point_number ilike ${pattern} or p.address ilike ${pattern})`)
  }
  const where = sql.join(conditions, sql` and `)
  const order =
    query.order_by === '-counter_id'
      ? sql`t.counter_id desc, t.counter_task_id`
      : query.order_by === 'counter_id'
        ? sql`t.counter_id, t.counter_task_id`
        : sql`t.counter_task_id`
  const { limit, offset } = pageOf(query)
  const page = limit === null ? sql`` : sql`limit ${limit} offset ${offset}`
  const [rows, total] = await Promise.all([
    db.execute(sql`${taskSelect} where ${where} order by ${order} ${page}`),
    db.execute(sql`select count(*)::int as count from counter_tasks t join counters c on c.counter_id = t.counter_id
      left join point_counters pc on pc.counter_id = t.counter_id and pc.removed_at is null left join points p on p.point_id = pc.point_id where ${where}`),
  ])
  return { count: (total.rows[0] as { count: number }).count, results: (rows.rows as TaskRecord[]).map(withGroupText) }
}

export async function findTasks(db: Executor, ids: number[]): Promise<CounterTask[]> {
  if (ids.length === 0) return []
  const rows = await db.execute(sql`${taskSelect} where t.counter_task_id = any(${`{${ids.join(',')}}`}::int[]) order by t.counter_task_id`)
  return (rows.rows as TaskRecord[]).map(withGroupText)
}

export async function findTask(db: Executor, id: number): Promise<CounterTask | undefined> {
  return (await findTasks(db, [id]))[0]
}

/** Checks the references and the schedule (in the account's zone) of a task input; a problem is a 400 on its field. */
export async function checkTaskInput(db: Executor, input: TaskInput, now: Date, timeZone: string): Promise<void> {
  const [counter] = await db.select({ id: counters.counter_id }).from(counters).where(eq(counters.counter_id, input.counter_id))
  if (!counter) throw fieldError('counter_id', T.unknownCounter)
  const [server] = await db
    .select({ id: collectingServers.data_collecting_server_id })
    .from(collectingServers)
    .where(eq(collectingServers.data_collecting_server_id, input.data_collecting_server_id))
  if (!server) throw fieldError('data_collecting_server_id', T.unknownServer)
  const groups = await db.select({ id: taskGroups.task_group_id }).from(taskGroups).where(inArray(taskGroups.task_group_id, input.task_group))
  if (groups.length !== new Set(input.task_group).size) throw fieldError('task_group', T.unknownTaskGroup)
  const problem = scheduleError(input.interval, input.value, now, timeZone)
  if (problem) throw fieldError('value', problem)
}

function taskValues(input: TaskInput) {
  return {
    counter_id: input.counter_id,
    data_collecting_server_id: input.data_collecting_server_id,
    interval: input.interval,
    value: input.value,
    task_groups: [...new Set(input.task_group)],
    ...(input.clock_correction === undefined ? {} : { clock_correction: input.clock_correction }),
  }
}

/** Starting puts the task on its schedule afresh, in the account's zone: failure counters reset, the next due time from now. */
export async function startTask(db: Executor, id: number, now: Date, timeZone: string): Promise<void> {
  const [task] = await db.select().from(counterTasks).where(eq(counterTasks.counter_task_id, id))
  if (!task) return
  const interval = task.interval as TaskInput['interval']
  const problem = scheduleError(interval, task.value, now, timeZone)
  if (problem) throw fieldError('value', problem)
  await db
    .update(counterTasks)
    .set({ state: 'working', consecutive_failures: 0, next_run_at: nextRunAfter(interval, task.value, now, timeZone) })
    .where(eq(counterTasks.counter_task_id, id))
}

export async function stopTask(db: Executor, id: number): Promise<void> {
  await db.update(counterTasks).set({ state: 'stopped', next_run_at: null }).where(eq(counterTasks.counter_task_id, id))
}

/** A new task, stopped until someone starts it. */
export async function insertTask(db: Executor, input: TaskInput): Promise<number> {
  const [row] = await db
    .insert(counterTasks)
    .values({ ...taskValues(input), state: 'stopped' })
    .returning({ id: counterTasks.counter_task_id })
  return row!.id
}

export async function updateTask(db: Executor, id: number, input: TaskInput): Promise<void> {
  await db.update(counterTasks).set(taskValues(input)).where(eq(counterTasks.counter_task_id, id))
}

export async function deleteTask(db: Executor, id: number): Promise<void> {
  await db.delete(counterTasks).where(eq(counterTasks.counter_task_id, id))
}

/** A task's runs, newest first, each with its log lines. */
export async function listTaskLogs(
  db: Executor,
  taskId: number,
  page: { limit: number | null; offset: number },
): Promise<{ count: number; results: TaskLog[] }> {
  const where = eq(taskLogs.counter_task_id, taskId)
  const rows = db.select().from(taskLogs).where(where).orderBy(desc(taskLogs.start_date), desc(taskLogs.task_log_id)).offset(page.offset)
  const [logs, [total]] = await Promise.all([page.limit === null ? rows : rows.limit(page.limit), db.select({ count: count() }).from(taskLogs).where(where)])
  const entries = logs.length
    ? await db
        .select()
        .from(taskLogEntries)
        .where(
          inArray(
            taskLogEntries.task_log_id,
            logs.map((l) => l.task_log_id),
          ),
        )
        .orderBy(asc(taskLogEntries.task_log_entry_id))
    : []
  const results = logs.map((log) => ({
    task_log_id: log.task_log_id,
    start_date: log.start_date.toISOString(),
    end_date: log.end_date.toISOString(),
    success: log.success,
    partial: log.partial,
    entries: entries.filter((e) => e.task_log_id === log.task_log_id).map((e) => ({ date: e.date.toISOString(), text: e.text })),
  }))
  return { count: Number(total?.count ?? 0), results }
}
