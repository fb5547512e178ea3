import { loadConfig } from './config'
import { buildApp } from './app'
import { openDatabase } from './db/client'
import { runSeeds } from './db/seed'
import { loadServerSecret } from './lib/server-secret'
import { startHealthChecks } from './health/health-checker'
import { startEmbeddedCollection } from './collector/embedded'
import { stopWithin } from './lib/shutdown'
import { safeMessage } from './lib/log-safety'
import { startKeyExpiry } from './lib/mutation'

/** Starts the product: database, migrations, seed, HTTP server; stops gracefully on SIGINT/SIGTERM. */
async function main() {
  const config = loadConfig()
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? '' : `${config.dataDir}/pglite` })
  const secret = loadServerSecret(config.jwtSecret, config.dataDir)
  const app = await buildApp({ config, database, secret, logger: { level: config.logLevel } })

  const seeded = await runSeeds(database.db, {
    adminUsername: config.adminUsername,
    adminPassword: config.adminPassword,
    demo: config.demo,
    dataDir: config.dataDir,
    log: (message) => app.log.info(message),
  })
  if (seeded.adminPassword) {
    // Printed once, on the console only: the password is never logged to the structured log.
    process.stdout.write(`\nПервый администратор: логин «${config.adminUsername}», пароль «${seeded.adminPassword}»\n\n`)
  }

  let collection: Awaited<ReturnType<typeof startEmbeddedCollection>> | undefined = undefined
  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down')
    await stopWithin(
      config.shutdownTimeoutS * 1000,
      async () => {
        // close() stops accepting connections and waits for requests in flight.
        stopHealthChecks()
        stopKeyExpiry()
        await collection?.stop()
        await app.close()
        await database.close()
      },
      { exit: (code) => process.exit(code), log: (message, error) => app.log.error({ err: error }, message) },
    )
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))

  const stopHealthChecks = startHealthChecks(database.db, (error) => app.log.warn({ err: error }, 'health check round failed'))
  const stopKeyExpiry = startKeyExpiry(database.db, (error) => app.log.warn({ err: error }, 'expiring idempotency keys failed'))
  await app.listen({ port: config.port, host: config.host })
  process.stdout.write(`Консоль АСКУЭ: http://localhost:${config.port}/\n`)
  const log = (message: string, error?: unknown) => (error ? app.log.warn({ err: error }, message) : app.log.info(message))
  collection = await startEmbeddedCollection(database.db, config, app.box, log)
}

main().catch((error) => {
  console.error(safeMessage(error))
  process.exit(1)
})
