import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { taskInput, type CounterTask, taskListQuery, taskLogQuery } from '../../shared/schemas/collection'
import { idParams, listQuery, pageOf } from '../../shared/schemas/common'
import type { Executor } from '../db/client'
import { deleteAudited, updateAudited } from '../lib/audited-writes'
import { createRoute, readRoutes } from '../lib/row-route'
import type { Req } from '../lib/route-types'
import { accountTimeZone } from '../repositories/accounts'
import { listCollectingServers } from '../repositories/collecting-servers'
import { checkTaskInput, deleteTask, findTask, insertTask, listTaskLogs, listTasks, startTask, stopTask, updateTask } from '../repositories/tasks'

type IdReq = Req<{ params: typeof idParams }>

/** Collecting servers, counter tasks with start/stop, and task logs (metering.md section 7). */
export async function taskRoutes(app: FastifyInstance) {
  const view = { permission: 'tasks.view' } as const
  const change = { permission: 'tasks.change' } as const

  app.get('/api/collecting_servers/', { config: view, schema: { querystring: listQuery } }, async (request: Req<{ query: typeof listQuery }>) => {
    return listCollectingServers(app.db, request.query)
  })

  readRoutes(app, '/api/counters_tasks/', view, taskListQuery, listTasks, findTask)

  const accountZone = (tx: Executor, request: FastifyRequest) => accountTimeZone(tx, request.user().account_id)

  createRoute(app, '/api/counters_tasks/', change, taskInput, {
    entity: 'counter_task',
    find: findTask,
    create: async (tx, body, request) => {
      await checkTaskInput(tx, body, new Date(), await accountZone(tx, request))
      return insertTask(tx, body)
    },
  })

  /** A write to one task, audited with the task before and after. */
  const taskWrite = (request: IdReq, reply: FastifyReply, action: string, write: (tx: Executor, before: CounterTask) => Promise<unknown>) =>
    updateAudited(request, reply, {
      entity: 'counter_task',
      id: request.params.id,
      action,
      find: findTask,
      update: write,
    })

  app.put(
    '/api/counters_tasks/:id/',
    { config: change, schema: { params: idParams, body: taskInput } },
    async (request: Req<{ params: typeof idParams; body: typeof taskInput }>, reply) =>
      taskWrite(request, reply, 'update', async (tx, before) => {
        const now = new Date()
        const timeZone = await accountZone(tx, request)
        await checkTaskInput(tx, request.body, now, timeZone)
        await updateTask(tx, request.params.id, request.body)
        // A running task follows its new schedule from now on.
        if (before.state === 'working' || before.state === 'paused') await startTask(tx, request.params.id, now, timeZone)
      }),
  )

  app.delete('/api/counters_tasks/:id/', { config: change, schema: { params: idParams } }, async (request: IdReq, reply) =>
    deleteAudited(request, reply, {
      entity: 'counter_task',
      id: request.params.id,
      find: findTask,
      remove: (tx) => deleteTask(tx, request.params.id),
    }),
  )

  app.post('/api/counters_tasks/:id/start_scheduler/', { config: change, schema: { params: idParams } }, async (request: IdReq, reply) =>
    taskWrite(request, reply, 'start', async (tx) => startTask(tx, request.params.id, new Date(), await accountZone(tx, request))),
  )

  app.post('/api/counters_tasks/:id/stop_scheduler/', { config: change, schema: { params: idParams } }, async (request: IdReq, reply) =>
    taskWrite(request, reply, 'stop', (tx) => stopTask(tx, request.params.id)),
  )

  app.get('/api/tasks_logs/', { config: view, schema: { querystring: taskLogQuery } }, async (request: Req<{ query: typeof taskLogQuery }>) => {
    return listTaskLogs(app.db, request.query.task_id, pageOf(request.query))
  })
}
