import { describe, expect, it } from 'vitest'
import { parseRetryAfter, RETRY_CAP_MS, retryDelay } from '../../../src/client/offline/backoff'
import { describeRejection } from '../../../src/client/offline/server-errors'

describe('retryDelay', () => {
  it('draws up to a doubling ceiling that stops at the cap', () => {
    const highest = () => 0.999_999
    expect([1, 2, 3, 4].map((attempts) => retryDelay(attempts, highest))).toEqual([1999, 3999, 7999, 15_999])
    expect(retryDelay(50, highest)).toBe(Math.floor(0.999_999 * RETRY_CAP_MS))
    expect(retryDelay(3, () => 0)).toBe(0)
  })
})

describe('parseRetryAfter', () => {
  const now = Date.UTC(2025, 0, 15, 12, 0, 0)

  it('reads delay-seconds and HTTP dates, never a negative wait', () => {
    expect(parseRetryAfter(' 30 ', now)).toBe(30_000)
    expect(parseRetryAfter('Wed, 15 Jan 2025 12:01:00 GMT', now)).toBe(60_000)
    expect(parseRetryAfter('Wed, 15 Jan 2025 11:00:00 GMT', now)).toBe(0)
  })

  it('ignores an absent or unreadable header', () => {
    expect(parseRetryAfter(undefined, now)).toBeNull()
    expect(parseRetryAfter('', now)).toBeNull()
    expect(parseRetryAfter('soon', now)).toBeNull()
    expect(parseRetryAfter('-5', now)).toBeNull()
  })
})

describe('describeRejection', () => {
  it('uses detail as it is', () => {
    expect(describeRejection(404, { detail: 'Страница не найдена.' })).toEqual({ status: 404, message: 'Страница не найдена.' })
  })

  it('names known fields in Russian and leaves general errors unlabelled', () => {
    expect(describeRejection(400, { non_field_errors: ['Точка с таким идентификатором уже есть'], coeff: 'Введите число.', custom: ['x'] })).toEqual({
      status: 400,
      message: 'Точка с таким идентификатором уже есть; Коэффициент трансформации тока: Введите число.; custom: x',
      fields: { non_field_errors: ['Точка с таким идентификатором уже есть'], coeff: ['Введите число.'], custom: ['x'] },
    })
  })

  it('names a field as its edit form does', () => {
    expect(describeRejection(400, { energy_limit: ['Введите число.'] }).message).toBe('Лимит потребления, кВт·ч: Введите число.')
  })

  it('falls back to the status code for a body of another shape', () => {
    expect(describeRejection(409, '<html>')).toEqual({ status: 409, message: 'Сервер отклонил изменение (код 409)' })
    expect(describeRejection(409, { errors: [{ code: 1 }] })).toEqual({ status: 409, message: 'Сервер отклонил изменение (код 409)' })
  })
})
