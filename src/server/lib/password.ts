import { randomBytes, scrypt as scryptCb, timingSafeEqual, type BinaryLike, type ScryptOptions } from 'node:crypto'
import pLimit from 'p-limit'
import { T } from '../../shared/texts'
import { HttpError } from './http-errors'

/**
 * Hashes run at once by this process. Each holds a thread of libuv's pool (four by default) for hundreds of ms and
 * 128 MiB: two leave the other threads to file reads, uploads and DNS lookups, and bound the memory.
 */
const HASHES_AT_ONCE = 2
/** Hashes waiting their turn: a sign-in waits at most about five hashes' time (a second or two), then is refused. */
const HASHES_WAITING = 8
/** What a refused sign-in is told to wait, in seconds: the queue empties in about that time. */
export const HASH_RETRY_AFTER_S = 2

/**
 * Runs tasks at most `running` at a time, the others in turn; a task past `waiting` more is refused with 429 at once,
 * so that a flood of sign-ins holds neither the pool's threads nor an ever longer line of sockets.
 */
export function hashQueue(limits: { running: number; waiting: number } = { running: HASHES_AT_ONCE, waiting: HASHES_WAITING }) {
  const limit = pLimit(limits.running)
  return function inTurn<R>(task: () => Promise<R>): Promise<R> {
    if (limit.activeCount + limit.pendingCount >= limits.running + limits.waiting)
      return Promise.reject(new HttpError(429, { detail: T.signInsBusy(HASH_RETRY_AFTER_S), retry_after: HASH_RETRY_AFTER_S }))
    return limit(task)
  }
}

const inTurn = hashQueue()

const scrypt = (password: BinaryLike, salt: BinaryLike, keylen: number, options: ScryptOptions) =>
  inTurn(() => new Promise<Buffer>((resolve, reject) => scryptCb(password, salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key)))))

export type PasswordParams = { N: number; r: number; p: number }

/** OWASP's advice for scrypt: N=2^17, r=8, p=1 (about 128 MiB and a few hundred ms per hash). */
const PASSWORD_PARAMS: PasswordParams = { N: 2 ** 17, r: 8, p: 1 }
const KEY_LENGTH = 32

/** scrypt takes about 128·N·r bytes, past Node's default limit of 32 MiB at these parameters. */
const withMemory = (params: PasswordParams): ScryptOptions => ({ ...params, maxmem: 2 * 128 * params.N * params.r })

/**
 * `scrypt$N$r$p$salt$hash`, so that the parameters can be raised later without breaking old hashes. Other parameters
 * than the current ones only when asked for explicitly (tests that create many users).
 */
export async function hashPassword(password: string, params: PasswordParams = PASSWORD_PARAMS): Promise<string> {
  const salt = randomBytes(16)
  const key = await scrypt(password, salt, KEY_LENGTH, withMemory(params))
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$')
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64')
  const key = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, withMemory({ N: Number(n), r: Number(r), p: Number(p) }))
  return timingSafeEqual(key, expected)
}

/** Whether a stored hash was made with other parameters than the current ones (then it is made again at sign-in). */
export function hashIsOutdated(stored: string): boolean {
  const { N, r, p } = PASSWORD_PARAMS
  return !stored.startsWith(`scrypt$${N}$${r}$${p}$`)
}

/** A readable random password for a generated first administrator. */
export function randomPassword(): string {
  return randomBytes(12).toString('base64url')
}
