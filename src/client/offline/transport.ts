import * as v from 'valibot'
import { isGatewayFailure } from '../../shared/gateway'
import { ANSWER_TIMEOUT_MS } from '../../shared/constants'
import { outboxBatchAnswer } from '../../shared/schemas/outbox'
import { T } from '../../shared/texts'

/** One entry's HTTP call, as its single route takes it; replay sends many of them in one batch. */
export interface TransportRequest {
  method: 'POST' | 'PUT' | 'PATCH'
  /** Absolute path on the API origin, e.g. `/api/points/12/`. */
  path: string
  body: Record<string, unknown>
  /** Idempotency-Key always; If-Match for updates. */
  headers: Record<string, string>
}

export interface TransportResponse {
  status: number
  /** Parsed JSON body, or null when there is none. */
  body: unknown
  headers: Record<string, string>
}

/**
 * Sends a batch of entries (POST /api/outbox/, at most OUTBOX_BATCH_MAX) and gives one answer per entry, in order.
 * Throws NetworkError when no answer arrived.
 */
export type Transport = (requests: TransportRequest[]) => Promise<TransportResponse[]>

/**
 * Thrown by a transport when no answer arrived (offline, DNS, connection reset, timeout): whether the
 * server applied the request is unknown, so the entry is retried with the same Idempotency-Key.
 */
export class NetworkError extends Error {
  override readonly name = 'NetworkError'
}

/** Header lookup ignoring case, as HTTP does. */
export function headerValue(headers: Record<string, string>, name: string): string | undefined {
  const wanted = name.toLowerCase()
  return Object.entries(headers).find(([key]) => key.toLowerCase() === wanted)?.[1]
}

const OUTBOX_BATCH_PATH = '/api/outbox/'

/**
 * The outbox's transport over fetch with the JWT header, shared by the page and the service worker, each with
 * its own way to the token. No answer at all (or none in time, or a proxy's error page instead of the server's) is a
 * NetworkError. An answer of the batch as a whole (401, the server's 503) stands for every entry's; one without a
 * result per entry is retried.
 */
export function httpTransport(token: () => string | null | Promise<string | null>): Transport {
  return async (requests) => {
    const bearer = await token()
    let response: Response
    let text: string
    try {
      response = await fetch(OUTBOX_BATCH_PATH, {
        method: 'POST',
        body: JSON.stringify({ entries: requests }),
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...(bearer ? { Authorization: `JWT ${bearer}` } : {}) },
        // A batch that hangs is given up, so the flush lock is not held forever; its entries are resent under their keys.
        signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
      })
      text = await response.text()
    } catch {
      throw new NetworkError(T.offline)
    }
    // A proxy answering for a server it cannot reach: the entries keep their turn, as with no answer.
    if (isGatewayFailure(response.status, response.headers.get('Content-Type'))) throw new NetworkError(T.offline)
    const headers = Object.fromEntries(response.headers)
    const body = parseBody(text)
    if (response.status !== 200) return requests.map(() => ({ status: response.status, body, headers }))
    const answer = v.safeParse(outboxBatchAnswer, body)
    const complete = answer.success && answer.output.results.length === requests.length
    if (!complete) return requests.map(() => ({ status: 502, body: null, headers: {} }))
    return answer.output.results
  }
}

function parseBody(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null
  } catch {
    return text // not the API's JSON: a proxy's page
  }
}
