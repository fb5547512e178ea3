/// <reference lib="webworker" />
import { flushOutbox, httpTransport } from '../src/client/offline'
import { tokenSubject } from '../src/shared/token'
import { rememberToken, storedToken } from './requests-check'

/**
 * Background Sync of the outbox: the same flushOutbox as the page (so every replay rule holds here too), over the
 * same batch transport, with the token the page handed over. The flush lock keeps it from sending alongside a tab.
 * A rejection asks the browser to fire the sync again later, as it does while the network is still gone.
 */
export async function sendOutbox(): Promise<void> {
  const token = await storedToken()
  // Only the edits of the user the token names go out, under that token, as from the page.
  const author = token ? tokenSubject(token) : null
  if (!token || author === null) return
  const report = await flushOutbox(
    httpTransport(() => token),
    { author, retryNow: true },
  )
  // A token the server refuses stays refused: the queue waits for the page to sign in and hand over a new one.
  if (report.authRequired) return rememberToken(null)
  if (report.offline) throw new Error('outbox: the server is out of reach')
}
