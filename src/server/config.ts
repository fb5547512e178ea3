import { isIP } from 'node:net'
import path from 'node:path'
import * as v from 'valibot'
import { DEMO_EMULATOR_PORT } from './collector/demo-fleet'
import { T } from '../shared/texts'

/** proxy-addr's names for address ranges, which Fastify's trustProxy accepts. */
const RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal']

/** An address, a CIDR range or a range name, as one item of Fastify's trustProxy list. */
function isProxyAddress(item: string): boolean {
  if (RANGE_NAMES.includes(item)) return true
  const [address = '', bits, ...rest] = item.split('/')
  const family = isIP(address)
  if (family === 0 || rest.length > 0) return false
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128))
}

/** `true`/`false`, a hop count, or a comma-separated list of trusted proxy addresses, CIDR ranges or range names. */
function trustProxyOf(text: string): boolean | number | string {
  if (text === 'true' || text === 'false') return text === 'true'
  if (/^\d+$/.test(text)) return Number(text)
  return text
    .split(',')
    .map((item) => item.trim())
    .join(',')
}

const trustProxySetting = v.pipe(
  v.string(),
  v.check((text) => /^(true|false|\d+)$/.test(text) || text.split(',').every((item) => isProxyAddress(item.trim())), T.env.trustProxy),
  v.transform(trustProxyOf),
)

/** A whole number from `min` (up to `max`), in digits. The variable's name is added to the message when it is shown. */
function wholeNumber(min: number, max?: number) {
  const message = T.env.wholeNumber(min, max)
  return v.pipe(v.string(), v.regex(/^\d{1,15}$/, message), v.transform(Number), v.minValue(min, message), v.maxValue(max ?? Infinity, message))
}

const oneOf = <TValue extends string>(values: readonly TValue[]) => v.picklist(values, T.env.oneOf(values))

const text = (minLength = 1) => v.pipe(v.string(), v.minLength(minLength, minLength === 1 ? T.env.nonEmpty : T.env.minLength(minLength)))

const envSchema = v.object({
  PORT: v.optional(wholeNumber(0, 65535), '8080'),
  HOST: v.optional(v.string(), '0.0.0.0'),
  DATA_DIR: v.optional(text(), './data'),
  DATABASE_URL: v.optional(v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, T.env.postgresUrl))),
  JWT_SECRET: v.optional(text(32)),
  JWT_TTL_HOURS: v.optional(wholeNumber(1), '12'),
  ADMIN_USERNAME: v.optional(text(), 'admin'),
  ADMIN_PASSWORD: v.optional(text(8)),
  DEMO: v.optional(oneOf(['0', '1']), '1'),
  LOG_LEVEL: v.optional(oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  COLLECTOR: v.optional(oneOf(['0', '1']), '1'),
  COLLECTOR_SERVER_ID: v.optional(wholeNumber(1, 999_999_999), '1'),
  COLLECTOR_CONCURRENCY: v.optional(wholeNumber(1, 9999), '50'),
  EMULATOR: v.optional(oneOf(['0', '1']), '1'),
  EMULATOR_PORT: v.optional(wholeNumber(0, 65535), String(DEMO_EMULATOR_PORT)),
  REQUEST_TIMEOUT_S: v.optional(wholeNumber(1, 99_999), '120'),
  SHUTDOWN_TIMEOUT_S: v.optional(wholeNumber(1, 99_999), '15'),
  LORAWAN_SECRET: v.optional(text(16)),
  SUBSCRIBER_UPLOAD_QUOTA_MB: v.optional(wholeNumber(1, 999_999), '200'),
  SUBSCRIBER_APPLICATIONS_PER_DAY: v.optional(wholeNumber(1, 9999), '20'),
  SUBSCRIBER_COMMENTS_PER_DAY: v.optional(wholeNumber(1, 9999), '100'),
  TRUST_PROXY: v.optional(trustProxySetting, 'false'),
})

export type Config = {
  port: number
  host: string
  dataDir: string
  databaseUrl?: string
  jwtSecret?: string
  jwtTtlHours: number
  adminUsername: string
  adminPassword?: string
  demo: boolean
  logLevel: string
  /** Whether this process runs the built-in collecting service (the embedded default does). */
  collector: boolean
  /** The collecting server (collecting_servers row) this process's service works as. */
  collectorServerId: number
  /** Meters one collecting service polls at once. */
  collectorConcurrency: number
  /** Whether `npm start` runs the meter emulator that the demo installations point at, and on which loopback port. */
  emulator: boolean
  emulatorPort: number
  /** How long a client may take to send a request, or leave its connection silent, before it is closed. */
  requestTimeoutS: number
  /** How long a stop may wait for requests in flight and the collector before the process exits anyway. */
  shutdownTimeoutS: number
  /** Shared secret of the LoRaWAN network server's uplink calls (header X-Lorawan-Secret); none disables the route. */
  lorawanSecret?: string
  /** The most bytes of files a subscriber (a customer) keeps in its applications, all of them together. */
  subscriberUploadQuotaBytes: number
  /** The most applications a subscriber files in 24 hours. */
  subscriberApplicationsPerDay: number
  /** The most comments a subscriber writes on its applications' files in 24 hours. */
  subscriberCommentsPerDay: number
  /**
   * Which proxies may name the client in X-Forwarded-For (Fastify's trustProxy): off by default, since a client could
   * otherwise name any address and slip past the per-address sign-in count.
   */
  trustProxy: boolean | number | string
}

/** Reads the configuration from the environment; a wrong value stops the start with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = v.safeParse(envSchema, env)
  if (!parsed.success) {
    const lines = parsed.issues.map((i) => `${i.path?.map((p) => String(p.key)).join('.') ?? ''}: ${i.message}`)
    throw new Error(T.env.invalid(lines))
  }
  const e = parsed.output
  return {
    port: Number(e.PORT),
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET,
    jwtTtlHours: Number(e.JWT_TTL_HOURS),
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    demo: e.DEMO === '1',
    logLevel: e.LOG_LEVEL,
    collector: e.COLLECTOR === '1',
    collectorServerId: Number(e.COLLECTOR_SERVER_ID),
    collectorConcurrency: Number(e.COLLECTOR_CONCURRENCY),
    emulator: e.EMULATOR === '1',
    emulatorPort: Number(e.EMULATOR_PORT),
    requestTimeoutS: Number(e.REQUEST_TIMEOUT_S),
    shutdownTimeoutS: Number(e.SHUTDOWN_TIMEOUT_S),
    lorawanSecret: e.LORAWAN_SECRET,
    subscriberUploadQuotaBytes: Number(e.SUBSCRIBER_UPLOAD_QUOTA_MB) * 1024 * 1024,
    subscriberApplicationsPerDay: Number(e.SUBSCRIBER_APPLICATIONS_PER_DAY),
    subscriberCommentsPerDay: Number(e.SUBSCRIBER_COMMENTS_PER_DAY),
    trustProxy: e.TRUST_PROXY,
  }
}
