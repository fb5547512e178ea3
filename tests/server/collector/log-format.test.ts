import { describe, expect, it } from 'vitest'
import { formatMoment } from '../../../src/server/collector/log-format'

describe('task log times', () => {
  it("are written in the account's zone", () => {
    expect(formatMoment(new Date('2026-11-24T17:05:00.000Z'), 'Asia/Novosibirsk')).toBe('25.11.2026 00:05')
    expect(formatMoment(new Date('2026-11-24T17:05:00.000Z'), 'Europe/Moscow')).toBe('24.11.2026 20:05')
  })
})
