import { flushOutbox, NetworkError, type Transport } from '../../../offline'
import { session } from '../../../lib/session'
import { T } from '../../../../shared/texts'

/** The outbox's transport: the console's fetch with the JWT header; no answer at all is a NetworkError. */
export const outboxTransport: Transport = async ({ method, path, body, headers }) => {
  const token = session.token()
  let response: Response
  try {
    response = await fetch(path, {
      method,
      body: JSON.stringify(body),
      headers: { ...headers, 'Content-Type': 'application/json', Accept: 'application/json', ...(token ? { Authorization: `JWT ${token}` } : {}) },
    })
  } catch {
    throw new NetworkError(T.offline)
  }
  const text = await response.text()
  return { status: response.status, body: parseBody(text), headers: Object.fromEntries(response.headers) }
}

/** A proxy's HTML error page is kept as text: the answer is classified by its status all the same. */
function parseBody(text: string): unknown {
  if (!text) return null
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/** Sends what waits; a second caller while a flush runs returns at once (the offline layer's lock). */
export const flushNow = (retryNow = false) => flushOutbox(outboxTransport, { retryNow })
