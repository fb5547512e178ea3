import * as v from 'valibot'
import { ANSWER_TIMEOUT_MS } from '../../shared/constants'
import { isGatewayFailure } from '../../shared/gateway'
import type { ErrorBody } from '../../shared/schemas/common'
import { T } from '../../shared/texts'
import { session } from './session'

/** A failed call: `status` 0 means the server was not reached (no answer, or a proxy's error page in its stead). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody | Record<string, unknown> | null,
    message: string,
    readonly headers: Headers = new Headers(),
  ) {
    super(message)
  }
  /** Field messages of a 400 answer, for the form that sent it. */
  get fields(): Record<string, string[]> {
    if (this.status !== 400 || !this.body || 'detail' in this.body) return {}
    return Object.fromEntries(Object.entries(this.body).filter(([, value]) => Array.isArray(value))) as Record<string, string[]>
  }
}

/** A readable Russian message from any error: the server's detail or its field messages, joined. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message
  // The console's own errors are written in Russian; anything else is a programming or library error
  // («boom», «Failed to fetch»), which means nothing to the user.
  if (error instanceof Error && RUSSIAN.test(error.message)) return error.message
  return T.unexpectedError
}

const RUSSIAN = /[А-Яа-яЁё]/

/**
 * The message of a failed answer: the API's own Russian detail or field messages; otherwise one by status.
 * A body that is not the API's JSON (a proxy's or framework's HTML page, English text) is never shown.
 */
function messageOf(status: number, body: unknown): string {
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>
    if (typeof record.detail === 'string' && RUSSIAN.test(record.detail)) return record.detail
    const messages = Object.values(record).flatMap((value) => (Array.isArray(value) ? value.filter((m) => typeof m === 'string' && RUSSIAN.test(m)) : []))
    if (messages.length) return messages.join(' ')
  }
  if (status === 403) return T.forbidden
  if (status === 404) return T.recordNotFound
  return status >= 500 ? T.serverFailed : T.requestFailed(status)
}

let onUnauthorized: () => void = () => {}
/** What to do when the server says the token is no longer good (the router sends the user to /login). */
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler
}

let onReach: (reached: boolean) => void = () => {}
/** The last call's verdict, for a hearer that starts after it: a screen's list can give up before the header is up. */
let lastReached: boolean | undefined
/**
 * Who hears whether each call reached the server (the sync's online state): a call without an answer says offline at
 * once, not at the next heartbeat. It hears the last call's verdict at once. Returns the function that stops it.
 */
export function setReachHandler(handler: (reached: boolean) => void): () => void {
  onReach = handler
  if (lastReached !== undefined) handler(lastReached)
  return () => (onReach = () => {})
}

function reach(reached: boolean): void {
  lastReached = reached
  onReach(reached)
}

type Query = Record<string, string | number | boolean | null | undefined>

export type RequestOptions<TSchema extends v.GenericSchema | undefined> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  query?: Query
  body?: unknown
  /** The shared schema the answer is parsed with. */
  schema?: TSchema
  headers?: Record<string, string>
  signal?: AbortSignal
  /** Leave the session alone on 401 (sign-in and password checks). */
  anonymous?: boolean
}

/** The server was not reached (no answer, or a proxy's in its stead): the sync hears offline, the screen gets status 0. */
function unreached(): never {
  reach(false)
  throw new ApiError(0, null, T.offline)
}

/** An answer reached the device: from the server, or from a proxy in its stead, which is none. */
function heard(response: Response): void {
  if (isGatewayFailure(response.status, response.headers.get('Content-Type'))) unreached()
  reach(true)
}

/** The answer's JSON; text that is not JSON (a proxy's HTML page) as it is; null when empty. */
async function bodyOf(response: Response): Promise<unknown> {
  const text = response.status === 204 ? '' : await response.text()
  if (!text) return null
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

function withQuery(path: string, query?: Query): string {
  if (!query) return path
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null && value !== '') params.set(key, String(value))
  const text = params.toString()
  return text ? `${path}?${text}` : path
}

/** The one way the console calls the API: JWT header, the API's error shape, answers parsed with the shared schemas. */
export async function api<TSchema extends v.GenericSchema | undefined = undefined>(
  path: string,
  options: RequestOptions<TSchema> = {},
): Promise<TSchema extends v.GenericSchema ? v.InferOutput<TSchema> : unknown> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers }
  const token = session.token()
  if (token && !options.anonymous) headers.Authorization = `JWT ${token}`
  let body: BodyInit | undefined
  if (options.body instanceof FormData) body = options.body
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json'
    body = JSON.stringify(options.body)
  }
  // No answer in time is none. Only the wait for the answer's head is timed: a large answer (the mirror's whole copy)
  // may take minutes to arrive on a slow link, and so may an upload's body, which goes out before it: uploads are not timed.
  const timer = new AbortController()
  const timeout = body instanceof FormData ? undefined : setTimeout(() => timer.abort(), ANSWER_TIMEOUT_MS)
  const signal = options.signal ? AbortSignal.any([options.signal, timer.signal]) : timer.signal
  let response: Response
  try {
    response = await fetch(withQuery(path, options.query), { method: options.method ?? 'GET', headers, body, signal })
  } catch (error) {
    if (options.signal?.aborted) throw error
    unreached()
  } finally {
    clearTimeout(timeout)
  }
  heard(response)
  const parsed = await bodyOf(response)
  if (!response.ok) {
    if (response.status === 401 && !options.anonymous) {
      session.signOut()
      onUnauthorized()
    }
    throw new ApiError(response.status, parsed as ErrorBody, messageOf(response.status, parsed), response.headers)
  }
  if (!options.schema) return parsed as never
  const result = v.safeParse(options.schema, parsed)
  if (!result.success) {
    console.error('unexpected answer', path, result.issues)
    throw new ApiError(response.status, null, T.unexpectedAnswer)
  }
  return result.output as never
}

/**
 * Downloads a file answer (reports, CSV, attachments) and saves it under the server's or the given name. Not timed as
 * `api()` is: a report may be built for longer than ANSWER_TIMEOUT_MS before its answer starts.
 */
export async function downloadFile(path: string, options: { method?: 'GET' | 'POST'; query?: Query; fileName?: string } = {}): Promise<void> {
  const token = session.token()
  let response: Response
  try {
    response = await fetch(withQuery(path, options.query), { method: options.method ?? 'GET', headers: token ? { Authorization: `JWT ${token}` } : {} })
  } catch {
    unreached()
  }
  heard(response)
  if (!response.ok) {
    const parsed = await bodyOf(response)
    throw new ApiError(response.status, parsed as ErrorBody, messageOf(response.status, parsed))
  }
  const disposition = response.headers.get('Content-Disposition') ?? ''
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1]
  const plain = /filename="?([^";]+)"?/i.exec(disposition)?.[1]
  const name = options.fileName ?? (encoded ? decodeURIComponent(encoded) : plain) ?? 'file'
  const url = URL.createObjectURL(await response.blob())
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/** True when the server was not reached: the screens then read the device's copy. */
export const isOffline = (error: unknown) => error instanceof ApiError && error.status === 0
