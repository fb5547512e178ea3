import { MeterConfigError } from '../protocol/errors'
import { DEFAULT_PASSWORDS, PASSWORD_MODES, isValidPassword, type AccessLevel, type PasswordMode } from '../protocol/mercury230'
import { T } from '../../../shared/texts'

/** Connection parameters as the database keeps them, par_name -> par_value. */
export type ConnectionParams = Readonly<Record<string, string | number | null | undefined>>

export interface ConnectionSettings {
  host: string
  port: number
  netAddress: number
  /** Six characters; the level's factory password when the parameter is empty. */
  password: string
  /** How the password is sent: its digits' values (factory without «D» in the code) or its characters' ASCII codes (with «D»). */
  passwordMode: PasswordMode
  accessLevel: AccessLevel
  /** Per frame: from sending a request to its complete answer. */
  timeoutMs: number
  /** Extra attempts after a timeout or a damaged answer. */
  retries: number
  /** Impulses per kWh (A) overriding the one the meter reports; null when not configured. Mercury 230 only. */
  meterConstant: number | null
}

const DEFAULT_TIMEOUT_MS = 1000
const DEFAULT_RETRIES = 2

function text(params: ConnectionParams, name: string): string | undefined {
  const value = params[name]
  if (value === null || value === undefined) return undefined
  const trimmed = String(value).trim()
  return trimmed === '' ? undefined : trimmed
}

function integer(params: ConnectionParams, name: string, min: number, max: number, fallback?: number): number {
  const raw = text(params, name)
  if (raw === undefined) {
    if (fallback === undefined) throw new MeterConfigError(name, T.poll.notSet)
    return fallback
  }
  const value = /^\d+$/.test(raw) ? Number(raw) : Number.NaN
  if (!Number.isSafeInteger(value) || value < min || value > max) throw new MeterConfigError(name, T.poll.integerRange(min, max, raw))
  return value
}

export function parseConnectionParams(params: ConnectionParams): ConnectionSettings {
  const host = text(params, 'host')
  if (host === undefined) throw new MeterConfigError('host', T.poll.notSet)
  const accessLevel = integer(params, 'access_level', 1, 2, 1) as AccessLevel
  const passwordMode = (text(params, 'password_mode') ?? 'digits') as PasswordMode
  if (!PASSWORD_MODES.includes(passwordMode)) throw new MeterConfigError('password_mode', T.poll.oneOf(PASSWORD_MODES))
  const password = text(params, 'password') ?? DEFAULT_PASSWORDS[accessLevel]
  if (!isValidPassword(password, passwordMode)) {
    throw new MeterConfigError('password', passwordMode === 'digits' ? T.poll.sixDigits : T.poll.sixCharacters)
  }
  return {
    host,
    port: integer(params, 'port', 1, 65_535),
    netAddress: integer(params, 'net_address', 0, 0xffff_ffff),
    password,
    passwordMode,
    accessLevel,
    timeoutMs: integer(params, 'timeout_ms', 1, 60_000, DEFAULT_TIMEOUT_MS),
    retries: integer(params, 'retries', 0, 10, DEFAULT_RETRIES),
    meterConstant: text(params, 'meter_constant') === undefined ? null : integer(params, 'meter_constant', 1, 100_000),
  }
}
