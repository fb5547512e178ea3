import { MeterChannelNotOpenError } from '../protocol/errors'
import type { ConnectionSettings } from './connection-settings'
import type { FrameBoundary } from './frame-transport'
import { MeterLink, type Exchange } from './meter-link'

/** What the drivers over a MeterLink share: the link's life and the exchange on it. */
export abstract class LinkedDriver {
  protected link: MeterLink | undefined

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
    this.link = await MeterLink.connect(this.settings, this.stepCheck())
    try {
      await this.greet()
    } catch (error) {
      this.link.close()
      this.link = undefined
      throw error
    }
  }

  /** One exchange on the open link; without one the channel is not open. */
  protected exchange<T>(request: Uint8Array, boundary: FrameBoundary, decode: (answer: Uint8Array) => T): Promise<T> {
    if (!this.link) return Promise.reject(new MeterChannelNotOpenError())
    return this.link.call(request, boundary, decode)
  }
}
