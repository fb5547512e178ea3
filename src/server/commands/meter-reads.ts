import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import { ON_DEMAND_POLL_INTERVAL_S, ON_DEMAND_WAITING_PER_USER_MAX } from '../../shared/constants'
import { T } from '../../shared/texts'
import type { Executor } from '../db/client'
import { collectingServers, counterTasks, counters, currentDataRequests, users } from '../db/schema'
import { HttpError, badRequest } from '../lib/http-errors'

/** The server that reads a meter on request: the one of its latest task, else the first server. */
async function serverForCounter(db: Executor, counterId: number): Promise<number> {
  const [task] = await db
    .select({ id: counterTasks.data_collecting_server_id })
    .from(counterTasks)
    .where(eq(counterTasks.counter_id, counterId))
    .orderBy(desc(counterTasks.counter_task_id))
    .limit(1)
  if (task) return task.id
  const [server] = await db
    .select({ id: collectingServers.data_collecting_server_id })
    .from(collectingServers)
    .orderBy(collectingServers.data_collecting_server_id)
    .limit(1)
  if (!server) throw badRequest(T.unknownServer)
  return server.id
}

/**
 * Asks the collecting service to switch the meter's power; the last command wins. A command no service has taken yet
 * is turned into this one (on, off, on in a moment ends on, not off), one being carried out is left to finish and
 * this one waits behind it. False when the waiting command is already this one: nothing new was asked.
 */
export async function requestRelay(db: Executor, counterId: number, on: boolean): Promise<boolean> {
  const action = on ? 'relay_on' : 'relay_off'
  await db.select({ id: counters.counter_id }).from(counters).where(eq(counters.counter_id, counterId)).for('update')
  const [waiting] = await db
    .select({ id: currentDataRequests.request_id, action: currentDataRequests.action })
    .from(currentDataRequests)
    .where(
      and(
        eq(currentDataRequests.counter_id, counterId),
        inArray(currentDataRequests.action, ['relay_on', 'relay_off']),
        eq(currentDataRequests.status, 'PENDING'),
        isNull(currentDataRequests.started_at),
      ),
    )
  if (waiting?.action === action) return false
  // Taken by a service since it was read (the claim sets started_at), the waiting command is no longer this one's to change.
  const changed = waiting
    ? await db
        .update(currentDataRequests)
        .set({ action })
        .where(and(eq(currentDataRequests.request_id, waiting.id), isNull(currentDataRequests.started_at)))
        .returning({ id: currentDataRequests.request_id })
    : []
  if (changed.length === 0)
    await db.insert(currentDataRequests).values({ counter_id: counterId, action, data_collecting_server_id: await serverForCounter(db, counterId) })
  return true
}

/**
 * An on-demand read: at most one waiting, and at most one asked per meter in ON_DEMAND_POLL_INTERVAL_S, so that
 * repeated refreshes cannot keep a meter's line busy; and at most ON_DEMAND_WAITING_PER_USER_MAX waiting of one user,
 * so that refreshes of many meters cannot keep every line busy. The user's and the meter's rows are locked so that two
 * refreshes do not both pass.
 */
export async function requestOnDemandRead(db: Executor, counterId: number, userId: number) {
  await db.transaction(async (tx) => {
    // No key update: the user's other writes (an audit row refers to the user) need not wait for this one.
    await tx.select({ id: users.user_id }).from(users).where(eq(users.user_id, userId)).for('no key update')
    await tx.select({ id: counters.counter_id }).from(counters).where(eq(counters.counter_id, counterId)).for('update')
    const [last] = await tx
      .select({ status: currentDataRequests.status, age: sql<number>`extract(epoch from now() - ${currentDataRequests.created_at})::float8` })
      .from(currentDataRequests)
      .where(and(eq(currentDataRequests.counter_id, counterId), eq(currentDataRequests.action, 'read')))
      .orderBy(desc(currentDataRequests.created_at))
      .limit(1)
    if (last?.status === 'PENDING') return
    if (last && last.age < ON_DEMAND_POLL_INTERVAL_S) {
      const wait = Math.max(1, Math.ceil(ON_DEMAND_POLL_INTERVAL_S - last.age))
      throw new HttpError(429, { detail: T.onDemandPollTooSoon(wait), retry_after: wait })
    }
    const [mine] = await tx
      .select({ waiting: count() })
      .from(currentDataRequests)
      .where(and(eq(currentDataRequests.requested_by, userId), eq(currentDataRequests.status, 'PENDING')))
    if (mine!.waiting >= ON_DEMAND_WAITING_PER_USER_MAX)
      throw new HttpError(429, { detail: T.onDemandTooManyWaiting(mine!.waiting), retry_after: ON_DEMAND_POLL_INTERVAL_S })
    await tx
      .insert(currentDataRequests)
      .values({ counter_id: counterId, action: 'read', requested_by: userId, data_collecting_server_id: await serverForCounter(tx, counterId) })
  })
}
