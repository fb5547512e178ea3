import * as v from 'valibot'
import { hashKey, type QueryClient } from '@tanstack/react-query'
import { currentUser } from '../../shared/schemas/auth'
import { session } from './session'
import { authKeys } from './auth'

/**
 * The signed-in user is kept beside the token rather than in the saved query cache: that cache is dropped by every
 * new build, and an offline start needs the user (menu, permissions) for as long as the token is good. A failed
 * refetch offline never overwrites it; signing out or in again drops it.
 */
const savedUser = v.object({ user: currentUser, at: v.number() })
const ME_HASH = hashKey(authKeys.me)

/** Puts the saved user back when the cache has none (an update dropped it, or it was never saved there). */
export function restoreSavedUser(queryClient: QueryClient): void {
  if (!session.isLoggedIn() || queryClient.getQueryData(authKeys.me) !== undefined) return
  // A user saved by an older build in another shape is not trusted: the start goes to the server for it.
  const saved = v.safeParse(savedUser, session.savedUser())
  if (saved.success) queryClient.setQueryData(authKeys.me, saved.output.user, { updatedAt: saved.output.at })
}

/** Saves every answer the server gives about the signed-in user. */
export function keepUserSaved(queryClient: QueryClient): () => void {
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || event.query.queryHash !== ME_HASH) return
    session.saveUser({ user: event.query.state.data, at: event.query.state.dataUpdatedAt })
  })
}
