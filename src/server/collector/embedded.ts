import type { Config } from '../config'
import type { Executor } from '../db/client'
import type { SecretBox } from '../lib/secret-box'
import { ensureCollectingServer } from '../repositories/collecting-servers'
import { DEMO_EMULATOR_HOST, DEMO_EMULATOR_PORT_RANGE, demoFleet, demoMeters, moveDemoMeters, type DemoMeter } from './demo-fleet'
import { startEmulator, type RunningEmulator } from './emulator/emulator'
import { startCollectingService, type RunningService } from './service'

/** How long one meter's poll may take, and how often the service looks for work. */
const POLL_DEADLINE_MS = 120_000
const SERVICE_TICK_MS = 1000

type Log = (message: string, error?: unknown) => void

/** The collecting service of this process with the settings of the configuration; `box` opens the meters' passwords. */
export async function startConfiguredService(
  db: Executor,
  config: Pick<Config, 'collectorServerId' | 'collectorConcurrency'>,
  box: SecretBox,
  log: Log,
): Promise<RunningService> {
  await ensureCollectingServer(db, config.collectorServerId)
  return startCollectingService(db, {
    box,
    serverId: config.collectorServerId,
    concurrency: config.collectorConcurrency,
    deadlineMs: POLL_DEADLINE_MS,
    tickMs: SERVICE_TICK_MS,
    log,
  })
}

/** The emulator on the configured port, or on the next free one of its range; none (with a warning) if all are taken. */
async function startDemoEmulator(db: Executor, port: number, meters: DemoMeter[], log: Log): Promise<RunningEmulator | undefined> {
  for (let candidate = port; candidate < port + DEMO_EMULATOR_PORT_RANGE; candidate++) {
    try {
      const emulator = await startEmulator({
        port: candidate,
        host: DEMO_EMULATOR_HOST,
        meters: demoFleet(meters),
        onError: (error) => log('meter emulator', error),
      })
      await moveDemoMeters(db, meters, emulator.port)
      log(`meter emulator: ${meters.length} demo meters on ${DEMO_EMULATOR_HOST}:${emulator.port}`)
      return emulator
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error
    }
  }
  log(`meter emulator not started: ports ${port}–${port + DEMO_EMULATOR_PORT_RANGE - 1} are taken (EMULATOR_PORT sets another)`)
  return undefined
}

/**
 * What `npm start` runs besides the API in the embedded default: the meter emulator standing for the demo meters
 * (when any installation points at its port) and the built-in collecting service.
 */
export async function startEmbeddedCollection(db: Executor, config: Config, box: SecretBox, log: Log): Promise<{ stop(): Promise<void> }> {
  let emulator: RunningEmulator | undefined
  if (config.emulator) {
    const meters = await demoMeters(db, config.emulatorPort)
    if (meters.length > 0) emulator = await startDemoEmulator(db, config.emulatorPort, meters, log)
  }
  const service = config.collector ? await startConfiguredService(db, config, box, log) : undefined
  return {
    async stop() {
      await service?.stop()
      await emulator?.close()
    },
  }
}
