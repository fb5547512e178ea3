import path from 'node:path'
import { fileURLToPath } from 'node:url'
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify'
import helmet from 'helmet'
import type { Config } from './config'
import { T } from '../shared/texts'
import type { Database, Db } from './db/client'
import { registerAuth } from './plugins/auth'
import { answerClientError, registerErrorHandler } from './plugins/errors'
import { registerJsonBody } from './plugins/json-body'
import { registerValibotValidation } from './plugins/validation'
import { serveConsole } from './plugins/static-console'
import { secretBox, type SecretBox } from './lib/secret-box'
import { sealPlainMeterPasswords } from './repositories/meter-secrets'
import { safeLoggerOptions } from './lib/log-safety'
import { healthRoutes } from './routes/health'
import { authRoutes } from './routes/auth'
import { userRoutes } from './routes/users'
import { passwordGuesses } from './lib/login-throttle'
import { groupRoutes } from './routes/groups'
import { accountRoutes } from './routes/account'
import { auditRoutes } from './routes/audit'
import { representRoutes } from './routes/represents'
import { referenceRoutes } from './routes/references'
import { pointRoutes } from './routes/points'
import { veeRoutes } from './routes/vee'
import { counterRoutes } from './routes/counters'
import { customerRoutes } from './routes/customers'
import { requestRoutes } from './routes/requests'
import { requestTypeRoutes } from './routes/request-types'
import { fileRoutes } from './routes/files'
import { reportRoutes } from './routes/reports'
import { taskRoutes } from './routes/tasks'
import { monitoringRoutes } from './routes/monitoring'
import { meterClockRoutes } from './routes/meter-clock'
import { counterDataRoutes } from './routes/counter-data'
import { lorawanRoutes } from './routes/lorawan'
import { mirrorRoutes } from './routes/mirror'
import { outboxRoutes } from './routes/outbox'

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
    dbEngine: Database['engine']
    config: Config
    box: SecretBox
  }
}

export type AppOptions = {
  config: Config
  database: Database
  /** The secret that signs tokens and seals stored passwords. */
  secret: string
  logger?: FastifyServerOptions['logger']
  /** Failed sign-ins per address and login before a pause. */
  loginMaxFailures?: number
  /** Folder of the built console; none in API tests. */
  consoleRoot?: string | null
}

// Security headers from helmet, built once: @fastify/helmet builds helmet's middleware again for every request,
// parsing the policy each time (docs/registry.md).
const securityHeaders = helmet({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Chakra (emotion) injects style elements at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      connectSrc: ["'self'"],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  // HSTS only means something over TLS, which a reverse proxy terminates in production.
  hsts: false,
  crossOriginEmbedderPolicy: false,
})

export const DEFAULT_CONSOLE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist')

/** The whole HTTP application as a plugin tree, without listening: tests inject into it. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const trustProxy = options.config.trustProxy
  const app = Fastify({
    logger: safeLoggerOptions(options.logger),
    // A hop count as the function Fastify makes of it (its types take no number).
    trustProxy: typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    // Without these a client that sends slowly or not at all holds its connection forever (Fastify's default is none).
    requestTimeout: options.config.requestTimeoutS * 1000,
    connectionTimeout: options.config.requestTimeoutS * 1000,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
    ajv: undefined,
    // Refusals before any route (a path that does not decode, a request Node cannot parse) speak as the API's do.
    frameworkErrors: (_error, request, reply) =>
      securityHeaders(request.raw, reply.raw, () => void (reply as FastifyReply).code(400).send({ detail: T.badRequest })),
    clientErrorHandler: answerClientError,
    // Node's own refusal of an HTTP/1.1 request without Host is an empty 400: the onRequest hook refuses it instead.
    http: { requireHostHeader: false },
  })
  app.decorate('db', options.database.db)
  app.decorate('dbEngine', options.database.engine)
  app.decorate('config', options.config)
  app.decorate('box', secretBox(options.secret))
  // Meter passwords kept in plain text before they were sealed: sealing needs the key, so it is done here, not in SQL.
  await sealPlainMeterPasswords(options.database.db, app.box)

  app.addHook('onRequest', (request, reply, done) => {
    if (request.raw.httpVersion === '1.1' && request.headers.host === undefined) {
      return securityHeaders(request.raw, reply.raw, () => void reply.code(400).send({ detail: T.badRequest }))
    }
    // A signed-in answer left in the browser's cache can be read there by the next user of a shared tablet, with no token.
    if ((request.routeOptions.url ?? request.url).startsWith('/api/')) reply.header('Cache-Control', 'no-store')
    securityHeaders(request.raw, reply.raw, () => done())
  })
  registerJsonBody(app)
  registerValibotValidation(app)
  registerErrorHandler(app)
  registerAuth(app, { secret: options.secret, ttlHours: options.config.jwtTtlHours })

  await app.register(healthRoutes)
  const guesses = passwordGuesses({ maxFailures: options.loginMaxFailures ?? 10 })
  await app.register(authRoutes, { guesses })
  await app.register(userRoutes, { guesses })
  await app.register(groupRoutes)
  await app.register(accountRoutes, { box: app.box })
  await app.register(auditRoutes)
  await app.register(representRoutes)
  await app.register(referenceRoutes)
  await app.register(pointRoutes)
  await app.register(veeRoutes)
  await app.register(counterRoutes)
  await app.register(customerRoutes)
  await app.register(requestRoutes)
  await app.register(requestTypeRoutes)
  await app.register(fileRoutes)
  await app.register(reportRoutes)
  await app.register(taskRoutes)
  await app.register(monitoringRoutes)
  await app.register(meterClockRoutes)
  await app.register(counterDataRoutes)
  await app.register(lorawanRoutes)
  await app.register(mirrorRoutes)
  await app.register(outboxRoutes)

  if (options.consoleRoot === null) app.setNotFoundHandler((_request, reply) => reply.code(404).send({ detail: T.notFound }))
  else await serveConsole(app, { root: options.consoleRoot ?? DEFAULT_CONSOLE_ROOT })
  return app
}
