/**
 * Typed failures of a meter exchange. Messages are Russian because they end up in task logs that
 * the console shows; `kind` is what code branches on, `retryable` says whether asking again can help.
 */
export type MeterErrorKind = 'timeout' | 'crc' | 'frame' | 'access_denied' | 'not_open' | 'meter_status' | 'connection' | 'config'

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
    super(`Счётчик не ответил за ${timeoutMs} мс`)
  }
}

export class MeterCrcError extends RetryableMeterError {
  readonly kind = 'crc'
  constructor() {
    super('Ошибка контрольной суммы в ответе счётчика')
  }
}

export class MeterFrameError extends RetryableMeterError {
  readonly kind = 'frame'
  constructor(detail: string) {
    super(`Неверный ответ счётчика: ${detail}`)
  }
}

export class MeterAccessDeniedError extends MeterError {
  readonly kind = 'access_denied'
  constructor() {
    super('Счётчик отказал в доступе: неверный пароль или недостаточный уровень доступа')
  }
}

export class MeterChannelNotOpenError extends MeterError {
  readonly kind = 'not_open'
  constructor() {
    super('Не открыт канал связи со счётчиком')
  }
}

/** Other refusals reported in a Mercury 230 status byte. */
export class MeterStatusError extends MeterError {
  readonly kind = 'meter_status'
  constructor(
    readonly code: number,
    description: string,
  ) {
    super(`Счётчик вернул ошибку ${code}: ${description}`)
  }
}

export class MeterConnectionError extends MeterError {
  readonly kind = 'connection'
  constructor(
    readonly endpoint: string,
    reason: string,
  ) {
    super(`Нет связи с ${endpoint}: ${reason}`)
  }
}

export class MeterConfigError extends MeterError {
  readonly kind = 'config'
  constructor(
    readonly parameter: string,
    reason: string,
  ) {
    super(`Параметр подключения ${parameter}: ${reason}`)
  }
}
