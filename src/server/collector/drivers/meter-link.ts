import { MeterError } from '../protocol/errors'
import type { ConnectionSettings } from './connection-settings'
import { FrameTransport, type FrameBoundary } from './frame-transport'

/** A connected transport plus the settings' timeout and retry policy. */
export class MeterLink {
  private constructor(
    private readonly transport: FrameTransport,
    private readonly settings: ConnectionSettings,
  ) {}

  static async connect(settings: ConnectionSettings): Promise<MeterLink> {
    return new MeterLink(await FrameTransport.connect(settings.host, settings.port, settings.timeoutMs), settings)
  }

  /** Sends a request and decodes its answer; lost and damaged answers are asked for again. */
  async call<T>(request: Uint8Array, boundary: FrameBoundary, decode: (answer: Uint8Array) => T): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return decode(await this.transport.exchange(request, boundary, this.settings.timeoutMs))
      } catch (error) {
        if (!(error instanceof MeterError) || !error.retryable || attempt >= this.settings.retries) throw error
      }
    }
  }

  close(): void {
    this.transport.close()
  }
}
