import { T } from '../../../shared/texts'
import { MeterChannelNotOpenError, MeterConnectionError } from '../protocol/errors'
import type { ConnectionSettings } from './connection-settings'
import type { FrameBoundary } from './frame-transport'
import { MeterLink, type Exchange } from './meter-link'

/** What the drivers over a MeterLink share: the link's life and the exchange on it. */
export abstract class LinkedDriver {
  protected link: MeterLink | undefined
  private closing: Promise<void> | undefined

  constructor(protected readonly settings: ConnectionSettings) {}

  protected get address(): number {
    return this.settings.netAddress
  }

  /** The first exchanges once connected: they show that the meter answers, and open its session where it has one. */
  protected abstract greet(): Promise<unknown>

  /** An exchange that shows the link is in step again after a retry (`MeterLink.connect`); none where answers name their request. */
  protected stepCheck(): Exchange<unknown> | undefined {
    return undefined
  }

  async open(): Promise<void> {
    if (this.link) return
    const link = await MeterLink.connect(this.settings, this.stepCheck())
    // Closed while connecting (the poll's deadline): the connection must not outlive the close.
    if (this.closing) {
      link.close()
      throw new MeterConnectionError(`${this.settings.host}:${this.settings.port}`, T.poll.connectionClosed)
    }
    this.link = link
    try {
      await this.greet()
    } catch (error) {
      this.link.close()
      this.link = undefined
      throw error
    }
  }

  /**
   * Ends the session and drops the connection, once: a second call waits for the first. The poll's deadline closes the
   * driver while an exchange is in flight, and the poll then closes it again before it hands the converter on to the
   * next poll, which must not meet this connection still open.
   */
  close(): Promise<void> {
    this.closing ??= this.shutDown()
    return this.closing
  }

  /** Says goodbye where the protocol has one (a Mercury 230 closes its channel), then drops the connection. */
  protected async shutDown(): Promise<void> {
    this.link?.close()
    this.link = undefined
  }

  /** One exchange on the open link; without one the channel is not open. */
  protected exchange<T>(request: Uint8Array, boundary: FrameBoundary, decode: (answer: Uint8Array) => T): Promise<T> {
    if (!this.link) return Promise.reject(new MeterChannelNotOpenError())
    return this.link.call(request, boundary, decode)
  }
}
