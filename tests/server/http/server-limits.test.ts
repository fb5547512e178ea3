import net from 'node:net'
import { describe, expect, it } from 'vitest'
import { buildApp } from '../../../src/server/app'
import { loadConfig } from '../../../src/server/config'
import { openTestDatabase } from '../../helpers/test-database'

/** Opens a connection, sends the head of a request whose body never comes, and resolves when the server hangs up. */
function halfSentRequest(port: number): { connected: Promise<void>; closed: Promise<number> } {
  const socket = net.createConnection({ host: '127.0.0.1', port })
  socket.on('error', () => {})
  const connected = new Promise<void>((resolve) =>
    socket.once('connect', () => {
      socket.write('POST /api/api-token-auth/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{')
      resolve()
    }),
  )
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())))
  return { connected, closed }
}

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still open after ${ms} ms`)), ms))])

describe('time limits of the HTTP server', () => {
  it('closes a connection whose request stops arriving', async () => {
    const app = await buildApp({
      config: { ...loadConfig({}), requestTimeoutS: 1 },
      database: await openTestDatabase(),
      secret: 'test-secret-test-secret-test-secret-0123',
      consoleRoot: null,
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    try {
      const { connected, closed } = halfSentRequest((app.server.address() as net.AddressInfo).port)
      await connected
      const started = Date.now()
      expect((await within(closed, 5000)) - started).toBeGreaterThanOrEqual(900)
      expect(app.server.requestTimeout).toBe(1000)
    } finally {
      await app.close()
    }
  }, 60_000)
})
