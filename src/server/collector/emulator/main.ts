/**
 * `npm run emulator -- --port 5020 --meters 40 --latency 50-150 --faulty-percent 10 --seed 1`
 * starts a bus of virtual Mercury meters and prints how to reach each of them.
 */
import { parseArgs } from 'node:util'
import { CONSUMER_PROFILES } from '../consumer-profiles'
import { buildFleet } from './fleet'
import { startEmulator } from './emulator'
import type { EmulatedMeterSpec } from './meter-spec'

function integerFlag(value: string, name: string, min: number, max: number): number {
  const parsed = Number(value)
  if (!Number.isInteger(parsed) || parsed < min || parsed > max) throw new Error(`--${name}: an integer from ${min} to ${max} expected, got "${value}"`)
  return parsed
}

function latencyFlag(value: string): [number, number] {
  const match = /^(\d+)(?:-(\d+))?$/.exec(value)
  if (!match) throw new Error(`--latency: "min-max" in ms expected, got "${value}"`)
  const min = Number(match[1])
  const max = match[2] === undefined ? min : Number(match[2])
  if (max < min) throw new Error('--latency: max below min')
  return [min, max]
}

function describeFaults(meter: EmulatedMeterSpec): string {
  const { faults = {} } = meter
  const notes = [
    faults.dead ? 'не отвечает' : '',
    faults.timeoutRate ? `теряет ${Math.round(faults.timeoutRate * 100)}% ответов` : '',
    faults.crcErrorRate ? `портит CRC в ${Math.round(faults.crcErrorRate * 100)}% ответов` : '',
    meter.passwords ? `пароль ${meter.passwords.user}/${meter.passwords.admin}` : '',
    faults.fragmentAnswers ? 'ответы частями' : '',
    faults.lineTurnNoise?.length ? 'лишние байты перед ответом' : '',
  ]
  return notes.filter(Boolean).join(', ') || '—'
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '5020' },
      host: { type: 'string', default: '127.0.0.1' },
      meters: { type: 'string', default: '20' },
      latency: { type: 'string', default: '50-150' },
      'faulty-percent': { type: 'string', default: '10' },
      seed: { type: 'string', default: '1' },
    },
  })
  const meters = buildFleet({
    count: integerFlag(values.meters, 'meters', 1, 10_000),
    faultyPercent: integerFlag(values['faulty-percent'], 'faulty-percent', 0, 100),
    seed: integerFlag(values.seed, 'seed', 0, 2 ** 31 - 1),
  })
  const emulator = await startEmulator({ port: integerFlag(values.port, 'port', 0, 65_535), host: values.host, meters, latencyMs: latencyFlag(values.latency) })

  console.log(`Эмулятор счётчиков слушает ${emulator.host}:${emulator.port}`)
  console.table(
    meters.map((meter) => ({
      протокол: meter.protocol,
      net_address: meter.address,
      заводской_номер: meter.protocol === 'mercury230' ? meter.serial : meter.address,
      потребитель: CONSUMER_PROFILES[meter.consumerType].label,
      неисправности: describeFaults(meter),
    })),
  )

  const stop = () => {
    void emulator.close().then(() => process.exit(0))
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
