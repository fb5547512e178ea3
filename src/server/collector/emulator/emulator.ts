import net from 'node:net'
import { takeRequest, type BusRequest } from './bus-framing'
import { FaultPlan } from './fault-plan'
import type { EmulatedMeterSpec } from './meter-spec'
import { VirtualMercury206 } from './virtual-mercury206'
import { VirtualMercury230 } from './virtual-mercury230'

export interface EmulatorOptions {
  /** 0 picks a free port. */
  port: number
  host?: string
  /** All meters share one RS-485 bus behind the port. */
  meters: readonly EmulatedMeterSpec[]
  /** Answer delay range per frame, ms. */
  latencyMs?: readonly [number, number]
  /** Time the meters live in; the wall clock by default. */
  clock?: () => Date
  /** A virtual meter that fails (a bug, or a clock before the load model's epoch); stderr by default. */
  onError?: (error: unknown) => void
}

export interface RunningEmulator {
  port: number
  host: string
  close(): Promise<void>
}

const DEFAULT_LATENCY_MS = [50, 150] as const
/** Pause between the pieces of a fragmented answer, so that they leave as separate TCP segments. */
const FRAGMENT_GAP_MS = 3

interface BusMeter {
  answer(bus: BusRequest, now: Date): Uint8Array | null
  plan: FaultPlan
}

function busKey(protocol: string, address: number): string {
  return `${protocol}:${address}`
}

function buildBus(specs: readonly EmulatedMeterSpec[], latencyMs: readonly [number, number]): Map<string, BusMeter> {
  const bus = new Map<string, BusMeter>()
  for (const spec of specs) {
    const key = busKey(spec.protocol, spec.address)
    if (bus.has(key)) throw new Error(`two ${spec.protocol} meters share address ${spec.address}`)
    const plan = new FaultPlan(spec, latencyMs)
    if (spec.protocol === 'mercury230') {
      const meter = new VirtualMercury230(spec)
      bus.set(key, { plan, answer: (request, now) => (request.protocol === 'mercury230' ? meter.answer(request.request, now, request.address) : null) })
    } else {
      const meter = new VirtualMercury206(spec)
      bus.set(key, { plan, answer: (request, now) => (request.protocol === 'mercury206' ? meter.answer(request.request, now) : null) })
    }
  }
  // Every Mercury 230 answers at the universal address 0; only a bus of one is read there, more would answer at once.
  const mercury230s = specs.filter((spec) => spec.protocol === 'mercury230')
  const universal = busKey('mercury230', 0)
  if (mercury230s.length === 1 && !bus.has(universal)) bus.set(universal, bus.get(busKey('mercury230', mercury230s[0]!.address))!)
  return bus
}

/**
 * A TCP server standing for an RS-485 converter with a bus of virtual meters. Like a converter in TCP server mode that
 * takes several connections (MOXA NPort: "Max connection" above 1), it has one serial line for all of them: the bytes
 * of every connection go on the line, the bus answers one request at a time, and every answer goes to every connected
 * client. A request for an address nobody has is met with silence, like on a real bus.
 */
export async function startEmulator(options: EmulatorOptions): Promise<RunningEmulator> {
  const host = options.host ?? '127.0.0.1'
  const clock = options.clock ?? (() => new Date())
  const onError = options.onError ?? ((error: unknown) => console.error('meter emulator:', error))
  const bus = buildBus(options.meters, options.latencyMs ?? DEFAULT_LATENCY_MS)
  const sockets = new Set<net.Socket>()
  const timers = new Set<NodeJS.Timeout>()

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer)
        resolve()
      }, ms)
      timers.add(timer)
    })

  const broadcast = (bytes: Uint8Array) => {
    for (const socket of sockets) if (!socket.destroyed) socket.write(bytes)
  }

  const serve = async (request: BusRequest) => {
    const meter = bus.get(busKey(request.protocol, request.address))
    if (!meter) return
    const answer = meter.answer(request, clock())
    if (!answer) return
    const plan = meter.plan.next(answer.length)
    if (plan.silent) return
    if (plan.corrupt) answer[answer.length - 1] = answer[answer.length - 1]! ^ 0xff
    const frame = Uint8Array.from([...plan.lineTurnNoise, ...answer])
    await pause(plan.delayMs)
    let from = 0
    for (const cut of [...plan.cuts, frame.length]) {
      broadcast(frame.subarray(from, cut))
      from = cut
      if (cut < frame.length) await pause(FRAGMENT_GAP_MS)
    }
  }

  // The line's bytes not yet cut into requests, from whichever connection they came; one exchange at a time on it.
  let line: Uint8Array = new Uint8Array(0)
  let answering = Promise.resolve()

  const server = net.createServer((socket) => {
    sockets.add(socket)
    socket.setNoDelay(true)
    socket.on('close', () => sockets.delete(socket))
    // A client vanishing mid-answer is its own business.
    socket.on('error', () => socket.destroy())
    socket.on('data', (chunk: Buffer) => {
      const joined = new Uint8Array(line.length + chunk.length)
      joined.set(line)
      joined.set(chunk, line.length)
      line = joined
      for (;;) {
        const { consumed, request } = takeRequest(line)
        if (consumed === 0) break
        line = line.subarray(consumed)
        if (request) answering = answering.then(() => serve(request)).catch(onError)
      }
    })
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('emulator is not listening on TCP')

  return {
    port: address.port,
    host,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer)
        timers.clear()
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
