import { sql } from 'drizzle-orm'
import type { Executor } from '../db/client'
import type { SecretBox } from '../lib/secret-box'
import { TurnCancelled } from './converter-turns'
import { pollMeter, storePolls } from './poll-meter'
import { ALL_CHANNELS, loadMeterContext } from './task-context'

/* "Обновить" on a meter and power switching: requests the collecting service answers with a fresh read. */

/** A request taken by a service that has not finished it after this long is taken again (that service died). */
const REQUEST_RETAKE_MS = 5 * 60_000

export interface ClaimedRequest {
  request_id: number
  counter_id: number
  action: 'read' | 'relay_on' | 'relay_off'
}

/** Takes pending requests of this server; the mark is short-lived, so no lock is held during the read. */
export async function claimRequests(db: Executor, serverId: number, now: Date, limit: number): Promise<ClaimedRequest[]> {
  if (limit <= 0) return []
  const result = await db.execute(sql`
    update current_data_requests set started_at = ${now.toISOString()}::timestamptz
    where request_id in (
      select request_id from current_data_requests
      where data_collecting_server_id = ${serverId} and status = 'PENDING'
        and (started_at is null or started_at < ${new Date(now.getTime() - REQUEST_RETAKE_MS).toISOString()}::timestamptz)
      order by request_id limit ${limit} for update skip locked)
    returning request_id, counter_id, action`)
  return result.rows as unknown as ClaimedRequest[]
}

/**
 * Reads the meter's registers and phase values (switching the relay first when asked), stores what it read, even when
 * the read failed part-way as a scheduled poll does, and closes the request.
 */
export async function runRequest(
  db: Executor,
  request: ClaimedRequest,
  deadlineMs: number,
  box: SecretBox,
  clock: () => Date = () => new Date(),
  stopWaiting?: AbortSignal,
): Promise<void> {
  const meter = await loadMeterContext(db, request.counter_id, [])
  const now = clock()
  let result
  try {
    result = meter
      ? await pollMeter(
          db,
          {
            ...meter,
            reads: { registers: ALL_CHANNELS, instant: [] },
            relay: request.action === 'read' ? undefined : request.action === 'relay_on',
            onDemand: true,
            stopWaiting,
          },
          now,
          deadlineMs,
          box,
          clock,
        )
      : undefined
  } catch (error) {
    if (!(error instanceof TurnCancelled)) throw error
    // Not started: the next service to look takes it at once, not after REQUEST_RETAKE_MS.
    await db.execute(sql`update current_data_requests set started_at = null where request_id = ${request.request_id}`)
    return
  }
  await db.transaction(async (tx) => {
    if (result) await storePolls(tx, [result])
    await tx.execute(sql`
      update current_data_requests set status = ${result?.ok ? 'DONE' : 'ERROR'}, details = ${(result?.lines ?? []).map((l) => l.text).join('\n')},
        finished_at = ${clock().toISOString()}::timestamptz
      where request_id = ${request.request_id}`)
  })
}
