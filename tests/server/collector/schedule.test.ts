import { describe, expect, it } from 'vitest'
import { nextRunAfter } from '../../../src/server/collector/schedule'

describe("a task's schedule in the account's zone", () => {
  const after = new Date('2026-11-24T10:00:00.000Z')

  it('runs «every day» at the midnight of the zone', () => {
    expect(nextRunAfter('days', '1', after, 'Asia/Novosibirsk')?.toISOString()).toBe('2026-11-24T17:00:00.000Z')
    expect(nextRunAfter('days', '1', after, 'Europe/Moscow')?.toISOString()).toBe('2026-11-24T21:00:00.000Z')
  })

  it('reads a cron expression as the wall clock of the zone', () => {
    expect(nextRunAfter('cron', '30 8 * * *', after, 'Asia/Novosibirsk')?.toISOString()).toBe('2026-11-25T01:30:00.000Z')
  })
})
