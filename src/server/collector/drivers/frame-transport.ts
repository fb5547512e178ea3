import net from 'node:net'
import { MeterConnectionError, MeterCrcError, MeterFrameError, MeterTimeoutError, type MeterError } from '../protocol/errors'
import { T } from '../../../shared/texts'
import { hasValidCrc } from '../protocol/crc16'

/**
 * No answer of the protocols spoken here is longer (a Mercury 230 memory read is at most 255 bytes of data): a
 * device that sends more without ending a frame is broken or hostile, and is not buffered until the deadline.
 */
export const MAX_FRAME_BYTES = 1024

/** Where a complete answer ends in the bytes received so far; undefined while incomplete. */
export type FrameBoundary = (received: Uint8Array) => number | undefined

interface PendingExchange {
  request: Uint8Array
  boundary: FrameBoundary
  resolve: (frame: Uint8Array) => void
  reject: (error: MeterError) => void
  timer: NodeJS.Timeout
}

/** What an RS-485 adapter slow to turn the line round puts ahead of an answer (eModbus #308, libmodbus #14). */
const LINE_TURN_NOISE: readonly number[] = [0x00, 0xff]

const isValidFrame = (bytes: Uint8Array, end: number | undefined) => end !== undefined && hasValidCrc(bytes.subarray(0, end))

function reasonOf(error: Error): string {
  const code = (error as NodeJS.ErrnoException).code
  return code === 'ECONNREFUSED' ? T.poll.connectionRefused : (code ?? error.message)
}

/**
 * One TCP connection to an RS-485 converter. A request goes out whole; its answer may arrive in
 * any number of chunks and is cut by the caller's boundary, under a per-frame timeout.
 * Exchanges run one at a time, like a master on a bus.
 */
export class FrameTransport {
  private received = Buffer.alloc(0)
  private pending: PendingExchange | undefined
  private failure: MeterError | undefined
  private queue: Promise<unknown> = Promise.resolve()
  /** Set by a timeout or a wrong answer: the meter may still answer the request given up on. */
  private abandoned = false
  private lastDataAt = 0

  private constructor(
    private readonly socket: net.Socket,
    private readonly endpoint: string,
  ) {
    socket.setNoDelay(true)
    socket.on('data', (chunk: Buffer) => this.onData(chunk))
    socket.on('error', (error) => this.fail(new MeterConnectionError(endpoint, reasonOf(error))))
    socket.on('close', () => this.fail(new MeterConnectionError(endpoint, T.poll.connectionClosed)))
  }

  static connect(host: string, port: number, timeoutMs: number): Promise<FrameTransport> {
    const endpoint = `${host}:${port}`
    return new Promise((resolve, reject) => {
      const socket = net.createConnection({ host, port })
      const onError = (error: Error) => {
        clearTimeout(timer)
        reject(new MeterConnectionError(endpoint, reasonOf(error)))
      }
      const timer = setTimeout(() => {
        // onError stays attached: a late error of the abandoned socket must not go unhandled.
        socket.destroy()
        reject(new MeterConnectionError(endpoint, T.poll.connectTimeout(timeoutMs)))
      }, timeoutMs)
      socket.once('error', onError)
      socket.once('connect', () => {
        clearTimeout(timer)
        socket.off('error', onError)
        resolve(new FrameTransport(socket, endpoint))
      })
    })
  }

  exchange(request: Uint8Array, boundary: FrameBoundary, timeoutMs: number): Promise<Uint8Array> {
    const run = () => this.send(request, boundary, timeoutMs)
    const result = this.queue.then(run, run)
    this.queue = result.catch(() => undefined)
    return result
  }

  close(): void {
    this.fail(new MeterConnectionError(this.endpoint, T.poll.connectionClosed))
    this.socket.destroy()
  }

  /** The last answer was not the request's own: the next request waits for a quiet line, as after a timeout. */
  distrust(): void {
    this.abandoned = true
  }

  private async send(request: Uint8Array, boundary: FrameBoundary, timeoutMs: number): Promise<Uint8Array> {
    if (this.abandoned) await this.untilQuiet(timeoutMs)
    if (this.failure) throw this.failure
    this.received = Buffer.alloc(0)
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending = undefined
        this.abandoned = true
        // A whole frame held back for one after line noise that never came is the damaged answer it looked like.
        const end = boundary(this.received)
        reject(end !== undefined && !isValidFrame(this.received, end) ? new MeterCrcError() : new MeterTimeoutError(timeoutMs))
      }, timeoutMs)
      this.pending = { request, boundary, resolve, reject, timer }
      this.socket.write(request)
    })
  }

  /**
   * A meter on a bus answers every request in turn, however late: after a timeout or a wrong answer the next request
   * waits until the line has been quiet for a whole timeout (four at the most), so a late answer is not taken for the
   * next request's.
   */
  private async untilQuiet(quietMs: number): Promise<void> {
    const since = Date.now()
    for (let wait = quietMs; wait > 0 && Date.now() - since < 4 * quietMs; wait = quietMs - (Date.now() - Math.max(this.lastDataAt, since))) {
      await new Promise((resolve) => setTimeout(resolve, wait))
    }
    this.abandoned = false
  }

  private onData(chunk: Buffer): void {
    const pending = this.pending
    // Bytes nobody waits for belong to an exchange already given up on.
    if (!pending) {
      this.lastDataAt = Date.now()
      return
    }
    if (this.received.length + chunk.length > MAX_FRAME_BYTES) {
      clearTimeout(pending.timer)
      this.pending = undefined
      this.received = Buffer.alloc(0)
      pending.reject(new MeterFrameError(T.poll.answerTooLong(MAX_FRAME_BYTES)))
      return
    }
    this.received = Buffer.concat([this.received, chunk])
    const length = this.answerEnd(pending.request, pending.boundary)
    if (length === undefined) return
    clearTimeout(pending.timer)
    this.pending = undefined
    const frame = new Uint8Array(this.received.subarray(0, length))
    this.received = this.received.subarray(length)
    pending.resolve(frame)
  }

  /**
   * Where the answer ends in what was received, undefined while it may still be coming. A converter that echoes what it
   * is sent puts the request ahead of the answer: a copy of the request is dropped when what follows it makes a valid
   * frame, or when without dropping it the answer would be a damaged one. A request the boundary takes for a whole
   * answer (the test request, a bare Mercury 206 command) is its own answer's bytes, and its echo serves as well.
   */
  private answerEnd(request: Uint8Array, boundary: FrameBoundary): number | undefined {
    const length = boundary(this.received)
    // Only what begins as the request may be its echo: any other answer is the decoder's to check, CRC and all.
    const head = this.received.subarray(0, request.length)
    if (!head.equals(request.subarray(0, head.length))) return this.afterNoise(request[0]!, boundary, length)
    if (isValidFrame(this.received, length)) return length
    const ownAnswer = () => boundary(request) === request.length
    if (head.length < request.length) return length === undefined || ownAnswer() ? length : undefined
    if (ownAnswer()) return length
    const rest = this.received.subarray(request.length)
    if (length === undefined && !isValidFrame(rest, boundary(rest))) return undefined
    this.received = rest
    return this.answerEnd(request, boundary)
  }

  /**
   * Where the head of what was received is no whole valid frame, a valid frame from the meter asked (`address`, the
   * first byte of requests and answers alike) after a few line-turn noise bytes is the answer, and while one may still
   * be coming the head is not taken for a damaged answer. The head's first byte is never dropped on its own account: a
   * Mercury 206 address begins with 00 as a rule, a Mercury 230 one is 00 at the universal address.
   */
  private afterNoise(address: number, boundary: FrameBoundary, length: number | undefined): number | undefined {
    if (isValidFrame(this.received, length)) return length
    let coming = false
    for (let skip = 1; skip < this.received.length && LINE_TURN_NOISE.includes(this.received[skip - 1]!); skip++) {
      const rest = this.received.subarray(skip)
      if (rest[0] !== address) continue
      const end = boundary(rest)
      if (end === undefined) coming = true
      else if (isValidFrame(rest, end)) {
        this.received = rest
        return end
      }
    }
    return coming ? undefined : length
  }

  private fail(error: MeterError): void {
    this.failure ??= error
    const pending = this.pending
    if (!pending) return
    clearTimeout(pending.timer)
    this.pending = undefined
    pending.reject(this.failure)
  }
}
