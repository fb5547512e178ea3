import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import { ON_DEMAND_POLL_INTERVAL_S, ON_DEMAND_WAITING_PER_USER_MAX, RELAY_INTERVAL_S } from '../../shared/constants'
import { T } from '../../shared/texts'
import type { Executor } from '../db/client'
import { collectingServers, counterTasks, counters, currentDataRequests, users } from '../db/schema'
import { HttpError, badRequest } from '../lib/http-errors'
import { currentInstallation } from '../repositories/counters'

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
 * Locks the user's row, then the meter's, so that two requests of the user, or two of the meter, at once cannot both
 * pass; always in this order, so that a read and a relay command cannot wait for each other.
 */
/** Locks the user and the meter; a meter on no point has no line to be asked over, and is refused. */
async function lockUserAndMeter(tx: Executor, userId: number, counterId: number) {
  // No key update: the user's other writes (an audit row refers to the user) need not wait for this one.
  await tx.select({ id: users.user_id }).from(users).where(eq(users.user_id, userId)).for('no key update')
  const [meter] = await tx.select({ is_active: counters.is_active }).from(counters).where(eq(counters.counter_id, counterId)).for('update')
  if (!(await currentInstallation(tx, counterId))) throw badRequest(T.counterNotInstalled)
  return meter!
}

/** Refuses one more request on demand (a read or a relay command) of a user with ON_DEMAND_WAITING_PER_USER_MAX waiting. */
async function checkUserWaiting(tx: Executor, userId: number) {
  const [mine] = await tx
    .select({ waiting: count() })
    .from(currentDataRequests)
    .where(and(eq(currentDataRequests.requested_by, userId), eq(currentDataRequests.status, 'PENDING')))
  if (mine!.waiting >= ON_DEMAND_WAITING_PER_USER_MAX)
    throw new HttpError(429, { detail: T.onDemandTooManyWaiting(mine!.waiting), retry_after: ON_DEMAND_POLL_INTERVAL_S })
}

/** Refuses a request `ageS` seconds after the last one, sooner than `intervalS`, saying how long to wait. */
function refuseSooner(ageS: number | undefined, intervalS: number, text: (wait: number) => string) {
  if (ageS === undefined || ageS >= intervalS) return
  const wait = Math.max(1, Math.ceil(intervalS - ageS))
  throw new HttpError(429, { detail: text(wait), retry_after: wait })
}

/** Files a request on demand of the user, within their budget of waiting ones. */
async function fileRequest(tx: Executor, counterId: number, action: 'read' | 'relay_on' | 'relay_off', userId: number) {
  await checkUserWaiting(tx, userId)
  await tx
    .insert(currentDataRequests)
    .values({ counter_id: counterId, action, requested_by: userId, data_collecting_server_id: await serverForCounter(tx, counterId) })
}

/**
 * Asks the collecting service to switch the meter's power; the last command wins while no service has taken the
 * waiting one: it is turned into this one (on, off, on in a moment ends on, not off). Once taken, the meter's relay
 * takes no other command until that one has finished and RELAY_INTERVAL_S have passed (429 with the wait): a service
 * takes every pending request at its next tick, so a command waiting behind it was no merge at all, and toggling
 * queued a full poll and a switching of the subscriber's supply per click. A relay command is a request on demand of
 * the user (`requested_by`), counted against ON_DEMAND_WAITING_PER_USER_MAX with the reads. False when the waiting
 * command is already this one: nothing new was asked. Runs in the caller's transaction.
 */
export async function requestRelay(db: Executor, counterId: number, on: boolean, userId: number): Promise<boolean> {
  const action = on ? 'relay_on' : 'relay_off'
  await lockUserAndMeter(db, userId, counterId)
  const [last] = await db
    .select({
      id: currentDataRequests.request_id,
      action: currentDataRequests.action,
      status: currentDataRequests.status,
      started: sql<boolean>`${currentDataRequests.started_at} is not null`,
      age: sql<number>`extract(epoch from now() - coalesce(${currentDataRequests.finished_at}, ${currentDataRequests.created_at}))::float8`,
    })
    .from(currentDataRequests)
    .where(and(eq(currentDataRequests.counter_id, counterId), inArray(currentDataRequests.action, ['relay_on', 'relay_off'])))
    .orderBy(desc(currentDataRequests.request_id))
    .limit(1)
  if (last?.status === 'PENDING') {
    if (last.action === action) return false
    // Taken by a service since it was read (the claim sets started_at), the waiting command is no longer this one's to change.
    const changed = last.started
      ? []
      : await db
          .update(currentDataRequests)
          .set({ action })
          .where(and(eq(currentDataRequests.request_id, last.id), isNull(currentDataRequests.started_at)))
          .returning({ id: currentDataRequests.request_id })
    if (changed.length === 0) throw new HttpError(429, { detail: T.relayBusy, retry_after: RELAY_INTERVAL_S })
    return true
  }
  refuseSooner(last?.age, RELAY_INTERVAL_S, T.relayTooSoon)
  await fileRequest(db, counterId, action, userId)
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
    if (!(await lockUserAndMeter(tx, userId, counterId)).is_active) throw badRequest(T.counterPollingOff)
    const [last] = await tx
      .select({ status: currentDataRequests.status, age: sql<number>`extract(epoch from now() - ${currentDataRequests.created_at})::float8` })
      .from(currentDataRequests)
      .where(and(eq(currentDataRequests.counter_id, counterId), eq(currentDataRequests.action, 'read')))
      .orderBy(desc(currentDataRequests.created_at))
      .limit(1)
    if (last?.status === 'PENDING') return
    refuseSooner(last?.age, ON_DEMAND_POLL_INTERVAL_S, T.onDemandPollTooSoon)
    await fileRequest(tx, counterId, 'read', userId)
  })
}
