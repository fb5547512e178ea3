import net from 'node:net'
import { afterEach, expect } from 'vitest'
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../../src/server/collector/emulator/emulator'
import type { ConnectionParams } from '../../../src/server/collector/drivers/connection-settings'

/** The meters' time in these tests; the emulator and the load model both read it. */
export const NOW = new Date('2026-11-20T12:34:56.000Z')

const running: { close(): Promise<void> }[] = []

afterEach(async () => {
  await Promise.all(running.splice(0).map((item) => item.close()))
})

/** An emulator on a free loopback port, closed after the test. */
export async function emulate(options: Omit<EmulatorOptions, 'port'> & { port?: number }): Promise<RunningEmulator> {
  const emulator = await startEmulator({ port: 0, latencyMs: [0, 2], clock: () => NOW, ...options })
  running.push(emulator)
  return emulator
}

export function connection(target: { host?: string; port: number }, netAddress: number, extra: ConnectionParams = {}): ConnectionParams {
  return { host: target.host ?? '127.0.0.1', port: String(target.port), net_address: String(netAddress), timeout_ms: '500', retries: '2', ...extra }
}

/** A TCP relay in front of the emulator that counts what the driver sends, to see retries, and loses the requests `lost` picks. */
export async function countingRelay(
  target: RunningEmulator,
  lost: (request: Buffer) => boolean = () => false,
): Promise<{ port: number; sentBytes: () => number }> {
  let sent = 0
  const server = net.createServer((client) => {
    const upstream = net.createConnection({ host: target.host, port: target.port })
    client.on('data', (chunk: Buffer) => {
      sent += chunk.length
      if (!lost(chunk)) upstream.write(chunk)
    })
    upstream.on('data', (chunk) => client.write(chunk))
    client.on('close', () => upstream.destroy())
    upstream.on('close', () => client.destroy())
    client.on('error', () => upstream.destroy())
    upstream.on('error', () => client.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  running.push({ close: () => new Promise<void>((resolve) => server.close(() => resolve())) })
  const address = server.address() as net.AddressInfo
  return { port: address.port, sentBytes: () => sent }
}

/** A port nobody listens on. */
export async function closedPort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

/** A register shows the model's value cut down to its last digit: within one step below it. */
export function expectRegister(actual: number | null, model: number, step: number): void {
  expect(actual).not.toBeNull()
  expect(actual!).toBeLessThanOrEqual(model + 1e-9)
  expect(actual!).toBeGreaterThan(model - step - 1e-9)
}
