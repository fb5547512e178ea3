import { T } from '../../../shared/texts'

/**
 * Typed failures of a meter exchange. Their messages (T.poll) end up in the task logs the console shows;
 * `kind` is what code branches on, `retryable` says whether asking again can help.
 */
export type MeterErrorKind =
  'timeout' | 'crc' | 'frame' | 'access_denied' | 'not_open' | 'meter_status' | 'connection' | 'config' | 'profile_address' | 'constant_unknown'

export abstract class MeterError extends Error {
  abstract readonly kind: MeterErrorKind
  /** Line noise and lost frames are worth a retry; a refusal by the meter is not. */
  get retryable(): boolean {
    return false
  }
}

/** Line noise and lost frames: asking again can help. */
abstract class RetryableMeterError extends MeterError {
  override get retryable(): boolean {
    return true
  }
}

export class MeterTimeoutError extends RetryableMeterError {
  readonly kind = 'timeout'
  constructor(readonly timeoutMs: number) {
    super(T.poll.timeout(timeoutMs))
  }
}

export class MeterCrcError extends RetryableMeterError {
  readonly kind = 'crc'
  constructor() {
    super(T.poll.crc)
  }
}

export class MeterFrameError extends RetryableMeterError {
  readonly kind = 'frame'
  constructor(detail: string) {
    super(T.poll.badAnswer(detail))
  }
}

/** A whole answer with a valid CRC carrying a value the protocol does not define: asking again brings the same. */
export class MeterValueError extends MeterError {
  readonly kind = 'frame'
  constructor(detail: string) {
    super(T.poll.badAnswer(detail))
  }
}

export class MeterAccessDeniedError extends MeterError {
  readonly kind = 'access_denied'
  constructor() {
    super(T.poll.accessDenied)
  }
}

export class MeterChannelNotOpenError extends MeterError {
  readonly kind = 'not_open'
  constructor() {
    super(T.poll.channelNotOpen)
  }
}

/** Other refusals reported in a Mercury 230 status byte. */
export class MeterStatusError extends MeterError {
  readonly kind = 'meter_status'
  constructor(
    readonly code: number,
    description: string,
  ) {
    super(T.poll.meterStatus(code, description))
  }
}

/**
 * The record at the address the meter names as its last profile record (08 13) is not that record, counted in bytes or
 * in 16-byte records: walking the ring from there would read other records than the meter's, so the profile is not read.
 */
export class MeterProfileAddressError extends MeterError {
  readonly kind = 'profile_address'
  constructor(readonly memoryAddress: number) {
    super(T.poll.profileAddressMismatch(memoryAddress.toString(16).toUpperCase().padStart(4, '0')))
  }
}

/** Neither the meter (08 12) nor the installation (`meter_constant`) gives the constant A the profile is converted with. */
export class MeterConstantUnknownError extends MeterError {
  readonly kind = 'constant_unknown'
  constructor(reason: string) {
    super(T.poll.constantUnknown(reason))
  }
}

export class MeterConnectionError extends MeterError {
  readonly kind = 'connection'
  constructor(
    readonly endpoint: string,
    reason: string,
  ) {
    super(T.poll.noConnection(endpoint, reason))
  }
}

export class MeterConfigError extends MeterError {
  readonly kind = 'config'
  constructor(
    readonly parameter: string,
    reason: string,
  ) {
    super(T.poll.badParameter(parameter, reason))
  }
}
