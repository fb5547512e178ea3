import net from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { createMeterDriver } from '../../../src/server/collector/drivers/create-meter-driver'
import { energyAnswer, parseRequest, requestLength, statusAnswer } from '../../../src/server/collector/protocol/mercury230'
import { withCrc } from '../../../src/server/collector/protocol/crc16'

// Found from the meter's side: a Mercury 230's answer does not repeat its request, and every energy answer is 19 bytes.
// An answer that came later than the line's quiet wait after a timeout, or a neighbour's frame just ahead of the
// meter's answer, made the collector take each later answer for the next request's: the poll succeeded with tariff 2
// holding tariff 1's register. A scripted meter on TCP plays it, answering every request in turn as a meter on a bus.

const ADDRESS = 17
const TIMEOUT_MS = 200
/** A+ of tariffs 0..4 in Wh: 1000, 2000 … 5000 kWh. */
const REGISTERS = [1, 2, 3, 4, 5].map((n) => ({ aPlus: n * 1_000_000, aMinus: 0, rPlus: 0, rMinus: 0 }))

type Reply = { bytes: Uint8Array; delayMs: number }[]
const servers: net.Server[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))))
})

/** A meter that answers each request after the one before it, `script` deciding when (and what comes ahead of it). */
async function scriptedMeter(script: (tariff: number | null, answer: Uint8Array) => Reply): Promise<number> {
  const server = net.createServer((socket) => {
    let buffer = Buffer.alloc(0)
    let busy = Promise.resolve()
    socket.on('data', (chunk) => {
      buffer = Buffer.concat([buffer, chunk])
      for (let length = requestLength(buffer); length !== null && buffer.length >= length; length = requestLength(buffer)) {
        const parsed = parseRequest(new Uint8Array(buffer.subarray(0, length)))
        buffer = buffer.subarray(length)
        if (!parsed) continue
        const { request } = parsed
        const tariff = request.kind === 'readEnergy' ? request.tariff : null
        const answer = tariff === null ? statusAnswer(ADDRESS, 0) : energyAnswer(ADDRESS, REGISTERS[tariff]!)
        busy = busy.then(async () => {
          for (const { bytes, delayMs } of script(tariff, answer)) {
            await new Promise((resolve) => setTimeout(resolve, delayMs))
            if (!socket.destroyed) socket.write(bytes)
          }
        })
      }
    })
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return (server.address() as net.AddressInfo).port
}

async function registersRead(port: number): Promise<(number | null)[]> {
  const params = { host: '127.0.0.1', port: String(port), net_address: String(ADDRESS), timeout_ms: String(TIMEOUT_MS), retries: '2' }
  const driver = createMeterDriver('mercury230', params)
  await driver.open()
  const read: (number | null)[] = []
  for (const tariff of [0, 1, 2, 3, 4] as const) read.push((await driver.readEnergy(tariff)).aPlus)
  await driver.close()
  return read
}

describe('a Mercury 230 on a bus that answers late or hears a neighbour', () => {
  it('reads each tariff as its own when an answer comes after the quiet wait that follows its timeout', async () => {
    let stalled = false
    const port = await scriptedMeter((tariff, answer) => {
      const late = tariff === 1 && !stalled
      if (late) stalled = true
      return [{ bytes: answer, delayMs: late ? 2.5 * TIMEOUT_MS : 5 }]
    })
    expect(await registersRead(port)).toEqual([1000, 2000, 3000, 4000, 5000])
  })

  it("reads each tariff as its own when a neighbour's frame comes just ahead of the meter's answer", async () => {
    let heard = false
    const neighbour = withCrc([0x05, ...new Array<number>(16).fill(0)])
    const port = await scriptedMeter((tariff, answer) => {
      if (tariff !== 1 || heard) return [{ bytes: answer, delayMs: 5 }]
      heard = true
      return [
        { bytes: neighbour, delayMs: 5 },
        { bytes: answer, delayMs: 20 },
      ]
    })
    expect(await registersRead(port)).toEqual([1000, 2000, 3000, 4000, 5000])
  })
})
