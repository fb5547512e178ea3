import { T } from '../../shared/texts'
import type { OutboxEntry } from '../offline'
import { ApiError } from './api-client'

/** What became of an edit sent at once: the screen tells the user exactly this, no more. */
export type SendOutcome = 'accepted' | 'kept'

/**
 * Sends a just-queued edit now and waits for the server's word on it. Accepted: the entry left the outbox.
 * Refused or in conflict: throws an ApiError with the server's message and field messages, for the form.
 * No answer (offline, a back-off, another tab sending): the edit stays on the device and goes out later.
 */
export async function sendEdit(entry: OutboxEntry): Promise<SendOutcome> {
  const [{ flushNow }, { offlineDb }] = await Promise.all([import('../app/sync'), import('../offline')])
  await flushNow()
  const after = await offlineDb().outbox.get(entry.seq as number)
  if (!after) return 'accepted'
  if (after.status === 'rejected' || after.status === 'conflict') {
    const error = after.lastError
    throw new ApiError(error?.status ?? 400, error?.fields ?? { detail: error?.message ?? T.saveRefused }, error?.message ?? T.saveRefused)
  }
  return 'kept'
}

/** The banner of a save's outcome. */
export const savedText = (outcome: SendOutcome) => (outcome === 'accepted' ? T.saved : T.savedOnDevice)
