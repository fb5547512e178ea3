import type { FastifyInstance } from 'fastify'
import { taskInput, taskListQuery, taskLogQuery } from '../../shared/schemas/collection'
import { idParams, listQuery, pageOf } from '../../shared/schemas/common'
import type { Executor } from '../db/client'
import { audit } from '../lib/audit'
import { notFound } from '../lib/http-errors'
import { mutate } from '../lib/mutation'
import type { Req } from '../lib/route-types'
import { accountTimeZone } from '../repositories/accounts'
import { listCollectingServers } from '../repositories/collecting-servers'
import { checkTaskInput, deleteTask, findTask, insertTask, listTaskLogs, listTasks, startTask, stopTask, updateTask } from '../repositories/tasks'

async function existingTask(db: Executor, id: number) {
  const task = await findTask(db, id)
  if (!task) throw notFound()
  return task
}

/** Collecting servers, counter tasks with start/stop, and task logs (metering.md section 7). */
export async function taskRoutes(app: FastifyInstance) {
  app.get('/api/collecting_servers/', { config: { permission: 'tasks.view' }, schema: { querystring: listQuery } }, async (request: Req<{ query: typeof listQuery }>) => {
    return listCollectingServers(app.db, request.query)
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
        const id = await insertTask(tx, request.body)
        const task = await existingTask(tx, id)
        await audit(tx, request, 'counter_task', id, 'create', null, task)
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
        await updateTask(tx, id, request.body)
        // A running task follows its new schedule from now on.
        if (before.state === 'working' || before.state === 'paused') await startTask(tx, id, now, await accountTimeZone(tx, request.user().account_id))
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
        await deleteTask(tx, request.params.id)
        await audit(tx, request, 'counter_task', request.params.id, 'delete', before, null)
      },
      { status: 204 },
    )
  })

  app.post('/api/counters_tasks/:id/start_scheduler/', { config: { permission: 'tasks.change' }, schema: { params: idParams } }, async (request: Req<{ params: typeof idParams }>, reply) =>
    mutate(request, reply, async (tx) => {
      const before = await existingTask(tx, request.params.id)
      await startTask(tx, request.params.id, new Date(), await accountTimeZone(tx, request.user().account_id))
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
    return listTaskLogs(app.db, request.query.task_id, pageOf(request.query))
  })
}
