/**
 * `npm run collector -- --server-id N`: a collecting service as a process of its own, sharing the database named by
 * DATABASE_URL (or the embedded one in DATA_DIR) with the API and other collecting services.
 */
import { parseArgs } from 'node:util'
import { T } from '../../shared/texts'
import { loadConfig } from '../config'
import { openDatabase } from '../db/client'
import { secretBox } from '../lib/secret-box'
import { readServerSecret } from '../lib/server-secret'
import { safeError, safeMessage } from '../lib/log-safety'
import { startConfiguredService } from './embedded'

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { 'server-id': { type: 'string' }, concurrency: { type: 'string' } } })
  const config = loadConfig({
    ...process.env,
    ...(values['server-id'] ? { COLLECTOR_SERVER_ID: values['server-id'] } : {}),
    ...(values.concurrency ? { COLLECTOR_CONCURRENCY: values.concurrency } : {}),
  })
  // The server's key opens the meters' passwords; a key made up here would open none of them.
  const secret = readServerSecret(config.jwtSecret, config.dataDir)
  if (!secret) throw new Error(T.collectorWithoutSecret)
  const box = secretBox(secret)
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? '' : `${config.dataDir}/pglite` })
  const service = await startConfiguredService(database.db, config, box, (message, error) =>
    console.error(message, error instanceof Error ? safeError(error) : (error ?? '')),
  )
  process.stdout.write(`${T.poll.started(config.collectorServerId)}\n`)
  const shutdown = async () => {
    await service.stop()
    await database.close()
    process.exit(0)
  }
  process.on('SIGINT', () => void shutdown())
  process.on('SIGTERM', () => void shutdown())
}

main().catch((error) => {
  console.error(safeMessage(error))
  process.exit(1)
})
