import { T } from '../../shared/texts'
import type { Blocker, OutboxEntry } from '../offline'
import { ApiError } from './api-client'
import { formatDateTime } from './format'

/**
 * What became of an edit sent at once: the screen tells the user exactly this, no more. `behind`: it could not go
 * because an earlier edit of the same record waits for a decision (rejected, in conflict, another user's) or to be sent
 * again after a server error, and says which. `retrying`: the server answered it with an error (a 5xx, a 429) and it
 * goes again after its back-off; the text is the answer's.
 */
export type SendOutcome = 'accepted' | 'kept' | { behind: string } | { retrying: string }

/**
 * Sends a just-queued edit now and waits for the server's word on it. Accepted: the entry left the outbox.
 * Refused or in conflict: throws an ApiError with the server's message and field messages, for the form.
 * Held behind an earlier edit of the record that waits for a decision or a resend after a server error: says so.
 * Answered with a server error, or no answer (offline, a back-off, another tab sending): the edit stays on the device
 * and goes out later.
 */
export async function sendEdit(entry: OutboxEntry): Promise<SendOutcome> {
  const [{ flushNow }, { offlineDb, retriesAfterServerError, waitingBehind }] = await Promise.all([import('../app/sync'), import('../offline')])
  await flushNow()
  const after = await offlineDb().outbox.get(entry.seq as number)
  if (!after) return 'accepted'
  if (after.status === 'rejected' || after.status === 'conflict') {
    const error = after.lastError
    throw new ApiError(error?.status ?? 400, error?.fields ?? { detail: error?.message ?? T.saveRefused }, error?.message ?? T.saveRefused)
  }
  const blocker = await waitingBehind(after)
  if (blocker) return { behind: blockerText(blocker) }
  return after.lastError && retriesAfterServerError(after) ? { retrying: after.lastError.message } : 'kept'
}

/** Why an edit waits, when an earlier edit of its record holds it back: the save's banner and the outbox card say it. */
export const blockerText = ({ reason, entry }: Blocker): string =>
  T.outboxBehind(reason, formatDateTime(new Date(entry.createdAt)), T.outboxAuthor(entry.authorName, entry.author))

/** The banner of a save's outcome. */
export function savedText(outcome: SendOutcome): string {
  if (outcome === 'accepted') return T.saved
  if (outcome === 'kept') return T.savedOnDevice
  return 'behind' in outcome ? T.savedBehind(outcome.behind) : T.savedRetrying(outcome.retrying)
}
