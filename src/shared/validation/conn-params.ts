import { T } from '../texts'

/* Checks of the typed connection parameters (issue 20, point 10), the same in the console's forms and on the server. */

type Range = readonly [min: number, max: number]

/** How a Mercury 230 password is sent: six digit values (the factory form) or six ASCII codes. */
const PASSWORD_MODES = ['digits', 'ascii']

/**
 * The highest address of a Mercury 230/234/236 of its own (manual table 1.2: 0 is the universal address any meter on the
 * line answers, FE the broadcast none answers, F1–FF are reserved). The forms take 1–240, the collector's driver refuses
 * past it; other meters take 4 bytes.
 */
export const MERCURY230_MAX_NET_ADDRESS = 240
const NET_ADDRESS_RANGES: Readonly<Record<string, Range>> = { mercury230: [1, MERCURY230_MAX_NET_ADDRESS] }
const ANY_NET_ADDRESS: Range = [0, 0xffff_ffff]
const netAddressRange = (driver: string | null | undefined): Range => NET_ADDRESS_RANGES[driver ?? ''] ?? ANY_NET_ADDRESS

/** The bounds the collector's drivers accept (server/collector/drivers/connection-settings.ts). */
const INTEGER_RANGES: Readonly<Record<string, Range>> = {
  port: [1, 65_535],
  access_level: [1, 2],
  timeout_ms: [1, 60_000],
  retries: [0, 10],
  // An override of the constant A the meter reports (docs/collector-protocols.md).
  meter_constant: [1, 100_000],
}

/** The parameters typed as numbers, for numeric keyboards on tablets. */
export const isNumericConnParam = (name: string) => name === 'net_address' || Object.hasOwn(INTEGER_RANGES, name)

const IPV4_LIKE = /^[\d.]+$/
const IPV4_PART = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/
const HOST_LABEL = /^[a-z\d]([a-z\d-]{0,61}[a-z\d])?$/i

/** An IPv4 address (four parts 0–255) or a DNS host name (RFC 1123 labels); text of digits and dots is an address. */
function isHost(value: string): boolean {
  if (IPV4_LIKE.test(value)) {
    const parts = value.split('.')
    return parts.length === 4 && parts.every((part) => IPV4_PART.test(part))
  }
  return value.length <= 253 && value.split('.').every((label) => HOST_LABEL.test(label))
}

function integerIssue(value: string, [min, max]: Range): string | null {
  if (!/^\d{1,10}$/.test(value)) return T.mustBeInteger
  const n = Number(value)
  return n < min || n > max ? T.outOfRange(min, max) : null
}

/** The message for one typed value, or null; an empty value is left to the check of required parameters. */
export function connParamIssue(name: string, value: string, driver?: string | null): string | null {
  const text = value.trim()
  if (text === '') return null
  if (name === 'host') return isHost(text) ? null : T.invalidHost
  if (name === 'net_address') return integerIssue(text, netAddressRange(driver))
  if (name === 'password_mode') return PASSWORD_MODES.includes(text) ? null : T.oneOf(PASSWORD_MODES)
  return Object.hasOwn(INTEGER_RANGES, name) ? integerIssue(text, INTEGER_RANGES[name]!) : null
}

/** Messages keyed like the server's 400 (`conn_params.port`); `driver` narrows the network address to its protocol. */
export function connParamErrors(values: Readonly<Record<string, string>>, driver?: string | null): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const [name, value] of Object.entries(values)) {
    const message = connParamIssue(name, value, driver)
    if (message) errors[`conn_params.${name}`] = message
  }
  return errors
}
