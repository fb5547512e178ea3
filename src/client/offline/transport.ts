/** The HTTP call replay makes; the console implements it with fetch and adds the Authorization header. */
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

export type Transport = (request: TransportRequest) => Promise<TransportResponse>

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
