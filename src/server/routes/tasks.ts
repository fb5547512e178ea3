import type { FastifyInstance } from 'fastify'
import { asc, count, desc, eq, inArray } from 'drizzle-orm'
import { taskInput, taskListQuery, taskLogQuery, type TaskLog } from '../../shared/schemas/collection'
import { idParams, listQuery, pageOf } from '../../shared/schemas/common'
import { collectingServers, counterTasks, taskLogEntries, taskLogs } from '../db/schema'
import { audit } from '../lib/audit'
import { notFound } from '../lib/http-errors'
import { mutate } from '../lib/mutation'
import type { Req } from '../lib/route-types'
import { checkTaskInput, findTask, listTasks, startTask, stopTask, taskValues } from '../repositories/tasks'
import type { Executor } from '../db/client'
import { paged, withPage } from '../lib/listing'

async function existingTask(db: Executor, id: number) {
  const task = await findTask(db, id)
  if (!task) throw notFound()
  return task
}

/** Collecting servers, counter tasks with start/stop, and task logs (metering.md section 7). */
export async function taskRoutes(app: FastifyInstance) {
  app.get('/api/collecting_servers/', { config: { permission: 'tasks.view' }, schema: { querystring: listQuery } }, async (request: Req<{ query: typeof listQuery }>) => {
    const rows = withPage(app.db.select().from(collectingServers).orderBy(asc(collectingServers.data_collecting_server_id)).$dynamic(), request.query)
    return paged(rows, () => app.db.select({ count: count() }).from(collectingServers), (s) => ({ ...s, last_seen_at: s.last_seen_at?.toISOString() ?? null }), request.query)
  })

  app.get('/api/counters_tasks/', { config: { permission: 'tasks.view' }, schema: { querystring: taskListQuery } }, async (request: Req<{ query: typeof taskListQuery }>) =>
    listTasks(app.db, request.query),
  )

  app.get('/api/counters_tasks/:id/', { config: { permission: 'tasks.view' }, schema: { params: idParams } }, async (request: Req<{ params: typeof idParams }>) =>
    existingTask(app.db, request.params.id),
  )

  app.post('/api/counters_tasks/', { config: { permission: 'tasks.change' }, schema: { body: taskInput } }, async (request: Req<{ body: typeof taskInput }>, reply) =>
    mutate(
      request,
      reply,
      async (tx) => {
        await checkTaskInput(tx, request.body, new Date())
        const [row] = await tx.insert(counterTasks).values({ ...taskValues(request.body), state: 'stopped' }).returning({ id: counterTasks.counter_task_id })
        const task = await existingTask(tx, row!.id)
        await audit(tx, request, 'counter_task', row!.id, 'create', null, task)
        return task
      },
      { status: 201 },
    ),
  )

  app.put(
    '/api/counters_tasks/:id/',
    { config: { permission: 'tasks.change' }, schema: { params: idParams, body: taskInput } },
    async (request: Req<{ params: typeof idParams; body: typeof taskInput }>, reply) =>
      mutate(request, reply, async (tx) => {
        const id = request.params.id
        const before = await existingTask(tx, id)
        const now = new Date()
        await checkTaskInput(tx, request.body, now)
        await tx.update(counterTasks).set(taskValues(request.body)).where(eq(counterTasks.counter_task_id, id))
        // A running task follows its new schedule from now on.
        if (before.state === 'working' || before.state === 'paused') await startTask(tx, id, now)
        const after = await existingTask(tx, id)
        await audit(tx, request, 'counter_task', id, 'update', before, after)
        return after
      }),
  )

  app.delete('/api/counters_tasks/:id/', { config: { permission: 'tasks.change' }, schema: { params: idParams } }, async (request: Req<{ params: typeof idParams }>, reply) => {
    await mutate(
      request,
      reply,
      async (tx) => {
        const before = await existingTask(tx, request.params.id)
        await tx.delete(counterTasks).where(eq(counterTasks.counter_task_id, request.params.id))
        await audit(tx, request, 'counter_task', request.params.id, 'delete', before, null)
      },
      { status: 204 },
    )
  })

  app.post('/api/counters_tasks/:id/start_scheduler/', { config: { permission: 'tasks.change' }, schema: { params: idParams } }, async (request: Req<{ params: typeof idParams }>, reply) =>
    mutate(request, reply, async (tx) => {
      const before = await existingTask(tx, request.params.id)
      await startTask(tx, request.params.id, new Date())
      const after = await existingTask(tx, request.params.id)
      await audit(tx, request, 'counter_task', request.params.id, 'start', before, after)
      return after
    }),
  )

  app.post('/api/counters_tasks/:id/stop_scheduler/', { config: { permission: 'tasks.change' }, schema: { params: idParams } }, async (request: Req<{ params: typeof idParams }>, reply) =>
    mutate(request, reply, async (tx) => {
      const before = await existingTask(tx, request.params.id)
      await stopTask(tx, request.params.id)
      const after = await existingTask(tx, request.params.id)
      await audit(tx, request, 'counter_task', request.params.id, 'stop', before, after)
      return after
    }),
  )

  app.get('/api/tasks_logs/', { config: { permission: 'tasks.view' }, schema: { querystring: taskLogQuery } }, async (request: Req<{ query: typeof taskLogQuery }>) => {
    const { limit, offset } = pageOf(request.query)
    const where = eq(taskLogs.counter_task_id, request.query.task_id)
    const rows = app.db.select().from(taskLogs).where(where).orderBy(desc(taskLogs.start_date), desc(taskLogs.task_log_id)).offset(offset)
    const [logs, [total]] = await Promise.all([limit === null ? rows : rows.limit(limit), app.db.select({ count: count() }).from(taskLogs).where(where)])
    const entries = logs.length
      ? await app.db.select().from(taskLogEntries).where(inArray(taskLogEntries.task_log_id, logs.map((l) => l.task_log_id))).orderBy(asc(taskLogEntries.task_log_entry_id))
      : []
    const results: TaskLog[] = logs.map((log) => ({
      task_log_id: log.task_log_id,
      start_date: log.start_date.toISOString(),
      end_date: log.end_date.toISOString(),
      success: log.success,
      entries: entries.filter((e) => e.task_log_id === log.task_log_id).map((e) => ({ date: e.date.toISOString(), text: e.text })),
    }))
    return { count: Number(total?.count ?? 0), results }
  })
}
