import { MeterError } from '../protocol/errors'
import type { ConnectionSettings } from './connection-settings'
import { FrameTransport, type FrameBoundary } from './frame-transport'

/** One exchange: a request, where its answer ends, and what it means. */
export interface Exchange<T> {
  request: Uint8Array
  boundary: FrameBoundary
  decode: (answer: Uint8Array) => T
}

/** A connected transport plus the settings' timeout and retry policy. */
export class MeterLink {
  private constructor(
    private readonly transport: FrameTransport,
    private readonly settings: ConnectionSettings,
    private readonly stepCheck: Exchange<unknown> | undefined,
  ) {}

  /**
   * `stepCheck`: for a protocol whose answers do not repeat their request, an exchange whose answer no other answer can
   * be taken for (a Mercury 230 status frame). It is made after an exchange that needed a retry: the answer taken may
   * have been the late answer to an earlier attempt, with the retry's own still on its way, which the next request would
   * otherwise take for its own.
   */
  static async connect(settings: ConnectionSettings, stepCheck?: Exchange<unknown>): Promise<MeterLink> {
    return new MeterLink(await FrameTransport.connect(settings.host, settings.port, settings.timeoutMs), settings, stepCheck)
  }

  /** Sends a request and decodes its answer; lost and damaged answers are asked for again. */
  async call<T>(request: Uint8Array, boundary: FrameBoundary, decode: (answer: Uint8Array) => T): Promise<T> {
    const { value, retried } = await this.withRetries({ request, boundary, decode })
    if (retried && this.stepCheck) await this.withRetries(this.stepCheck)
    return value
  }

  close(): void {
    this.transport.close()
  }

  private async withRetries<T>({ request, boundary, decode }: Exchange<T>): Promise<{ value: T; retried: boolean }> {
    for (let attempt = 0; ; attempt++) {
      try {
        return { value: decode(await this.transport.exchange(request, boundary, this.settings.timeoutMs)), retried: attempt > 0 }
      } catch (error) {
        if (!(error instanceof MeterError) || !error.retryable || attempt >= this.settings.retries) throw error
        // What came was not this request's answer (damaged, another meter's, too late): the meter may still be answering.
        this.transport.distrust()
      }
    }
  }
}
