import net from 'node:net'
import { describe, expect, it } from 'vitest'
import { buildApp } from '../../../src/server/app'
import { loadConfig } from '../../../src/server/config'
import { openTestDatabase } from '../../helpers/test-database'
import { rawExchange } from '../../helpers/raw-http'
import { T } from '../../../src/shared/texts'

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

describe('what the HTTP layer refuses before any route', () => {
  it('says it in Russian, as JSON, with the security headers', async () => {
    const app = await buildApp({
      config: loadConfig({}),
      database: await openTestDatabase(),
      secret: 'test-secret-test-secret-test-secret-0123',
      consoleRoot: null,
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const port = (app.server.address() as net.AddressInfo).port
    const request = (line: string, headers = 'Host: x\r\n') => `${line}\r\n${headers}Connection: close\r\n\r\n`
    const cases: [string, string, number, string][] = [
      ['a path that does not decode', request('GET /api/%zz HTTP/1.1'), 400, T.badRequest],
      ['a quote in a path that does not decode', request('GET /api/%zz"}{"x HTTP/1.1'), 400, T.badRequest],
      ['an overlong encoding', request('GET /api%c0%afusers/ HTTP/1.1'), 400, T.badRequest],
      ['an HTTP/1.1 request without Host', request('GET /api/users/ HTTP/1.1', ''), 400, T.badRequest],
      ['a method in lower case', request('get /api/users/ HTTP/1.1'), 400, T.badRequest],
      ['an unknown HTTP version', request('GET /api/users/ HTTP/9.9'), 400, T.badRequest],
      ['a negative length', request('POST /api/users/ HTTP/1.1', 'Host: x\r\nContent-Length: -1\r\n'), 400, T.badRequest],
      ['a length beside chunks', request('POST /api/users/ HTTP/1.1', 'Host: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n'), 400, T.badRequest],
      ['a header of 20 KB', request('GET /api/users/ HTTP/1.1', `Host: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n`), 431, T.headersTooLarge],
    ]
    try {
      for (const [name, text, status, detail] of cases) {
        const answer = await rawExchange(port, text)
        expect(answer.status, name).toBe(status)
        expect(JSON.parse(answer.body), name).toEqual({ detail })
        expect(answer.headers['content-type'], name).toMatch(/^application\/json/)
        expect(answer.headers['x-content-type-options'], name).toBe('nosniff')
      }
    } finally {
      await app.close()
    }
  })
})
