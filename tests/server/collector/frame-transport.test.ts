import net from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { FrameTransport, MAX_FRAME_BYTES } from '../../../src/server/collector/drivers/frame-transport'
import { MeterConnectionError, MeterFrameError, MeterTimeoutError } from '../../../src/server/collector/protocol/errors'
import { hex, toHex } from './hex'

const servers: net.Server[] = []

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))))
})

/** A server that answers every request with `answer`, one byte per TCP write. */
async function tricklingServer(answer: Uint8Array): Promise<number> {
  const server = net.createServer((socket) => {
    socket.setNoDelay(true)
    socket.on('data', async () => {
      for (const byte of answer) {
        socket.write(Uint8Array.of(byte))
        await new Promise((resolve) => setTimeout(resolve, 2))
      }
    })
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return (server.address() as net.AddressInfo).port
}

const ENERGY_ANSWER = hex('11 5B 07 15 CD FF FF FF FF 00 00 E8 03 00 00 00 00 51 98')

describe('frame transport', () => {
  it('reassembles an answer that arrives one byte at a time', async () => {
    // The server sends the next byte only after the transport has taken in the previous one,
    // so every byte is a TCP chunk of its own.
    let serverSide: net.Socket | undefined
    const requestArrived = new Promise<void>((resolve) => {
      const server = net.createServer((socket) => {
        serverSide = socket
        socket.setNoDelay(true)
        socket.once('data', () => resolve())
      })
      servers.push(server)
      server.listen(0, '127.0.0.1')
    })
    await new Promise((resolve) => servers[0]!.once('listening', resolve))
    const transport = await FrameTransport.connect('127.0.0.1', (servers[0]!.address() as net.AddressInfo).port, 500)
    const seen: number[] = []
    let onSeen = () => {}
    const exchange = transport.exchange(
      hex('11 05 00 00 15 19'),
      (received) => {
        seen.push(received.length)
        onSeen()
        return received.length >= 19 ? 19 : undefined
      },
      5000,
    )
    await requestArrived
    for (const byte of ENERGY_ANSWER) {
      const taken = new Promise<void>((resolve) => (onSeen = resolve))
      serverSide!.write(Uint8Array.of(byte))
      await taken
    }
    expect(toHex(await exchange)).toBe(toHex(ENERGY_ANSWER))
    expect(seen).toEqual(Array.from({ length: 19 }, (_, index) => index + 1))
    transport.close()
  })

  // Found from the meter's side: a meter on a bus answers every request in turn, however late. An answer that came after
  // its request had timed out was taken for the retry's, and the retry's own for the next request's, so every later
  // register was read one request behind, with no error.
  it('lets a late answer to a timed-out request pass before the next request goes out', async () => {
    let busyUntil = 0
    let answered = 0
    const server = net.createServer((socket) => {
      socket.on('data', (request) => {
        const delay = answered++ === 0 ? 300 : 30
        busyUntil = Math.max(Date.now(), busyUntil) + delay
        setTimeout(() => socket.write(request), busyUntil - Date.now())
      })
    })
    servers.push(server)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const transport = await FrameTransport.connect('127.0.0.1', (server.address() as net.AddressInfo).port, 500)
    const echo = (request: string) => transport.exchange(hex(request), (received) => (received.length >= 2 ? 2 : undefined), 200)

    await expect(echo('11 0A')).rejects.toBeInstanceOf(MeterTimeoutError)
    expect(toHex(await echo('11 0A'))).toBe(toHex(hex('11 0A')))
    expect(toHex(await echo('11 0B'))).toBe(toHex(hex('11 0B')))
    expect(toHex(await echo('11 0C'))).toBe(toHex(hex('11 0C')))
    transport.close()
  })

  it('times out when the answer stays incomplete', async () => {
    const port = await tricklingServer(ENERGY_ANSWER.subarray(0, 5))
    const transport = await FrameTransport.connect('127.0.0.1', port, 500)
    await expect(transport.exchange(hex('11 05 00 00 15 19'), (received) => (received.length >= 19 ? 19 : undefined), 100)).rejects.toThrow(MeterTimeoutError)
    transport.close()
  })

  it('gives up on a device that streams past the longest frame instead of buffering it until the deadline', async () => {
    // A hostile or broken device: once asked, it sends 64 KB chunks as fast as the socket takes them.
    const server = net.createServer((socket) => {
      socket.once('data', () => {
        const chunk = Buffer.alloc(64 * 1024, 0x55)
        const pump = () => {
          while (!socket.destroyed && socket.write(chunk));
          if (!socket.destroyed) socket.once('drain', pump)
        }
        socket.on('error', () => {})
        pump()
      })
    })
    servers.push(server)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const transport = await FrameTransport.connect('127.0.0.1', (server.address() as net.AddressInfo).port, 500)
    const started = Date.now()
    const exchange = transport.exchange(hex('11 00 0D E0'), () => undefined, 10_000)
    await expect(exchange).rejects.toThrow(MeterFrameError)
    await expect(exchange).rejects.toThrow(new RegExp(`${MAX_FRAME_BYTES}`))
    expect(Date.now() - started).toBeLessThan(5000)
    transport.close()
  })

  it('fails pending and later exchanges once the connection is gone', async () => {
    const server = net.createServer((socket) => socket.on('data', () => socket.destroy()))
    servers.push(server)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const transport = await FrameTransport.connect('127.0.0.1', (server.address() as net.AddressInfo).port, 500)
    await expect(transport.exchange(hex('11 00 0D E0'), () => undefined, 2000)).rejects.toThrow(MeterConnectionError)
    await expect(transport.exchange(hex('11 00 0D E0'), () => undefined, 2000)).rejects.toThrow(MeterConnectionError)
  })
})
