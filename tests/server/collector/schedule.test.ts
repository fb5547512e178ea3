import { describe, expect, it } from 'vitest'
import { nextRunAfter, scheduleError } from '../../../src/server/collector/schedule'
import { T } from '../../../src/shared/texts'

describe("a task's schedule in the account's zone", () => {
  const after = new Date('2026-11-24T10:00:00.000Z')

  it('runs «every day» at the midnight of the zone', () => {
    expect(nextRunAfter('days', '1', after, 'Asia/Novosibirsk')?.toISOString()).toBe('2026-11-24T17:00:00.000Z')
    expect(nextRunAfter('days', '1', after, 'Europe/Moscow')?.toISOString()).toBe('2026-11-24T21:00:00.000Z')
  })

  it('reads a cron expression as the wall clock of the zone', () => {
    expect(nextRunAfter('cron', '30 8 * * *', after, 'Asia/Novosibirsk')?.toISOString()).toBe('2026-11-25T01:30:00.000Z')
  })

  it('reads a once time written without an offset as the wall clock of the zone, and one with an offset as written', () => {
    // The process's own zone (Europe/Moscow in the tests, UTC on many servers) has no say.
    expect(nextRunAfter('once', '2026-12-05T10:00', after, 'Asia/Novosibirsk')?.toISOString()).toBe('2026-12-05T03:00:00.000Z')
    expect(nextRunAfter('once', '2026-12-05 10:00:30', after, 'Europe/Moscow')?.toISOString()).toBe('2026-12-05T07:00:30.000Z')
    expect(nextRunAfter('once', '2026-12-05', after, 'Asia/Novosibirsk')?.toISOString()).toBe('2026-12-04T17:00:00.000Z')
    expect(nextRunAfter('once', '2026-12-05T10:00:00+03:00', after, 'Asia/Novosibirsk')?.toISOString()).toBe('2026-12-05T07:00:00.000Z')
    expect(nextRunAfter('once', '2026-12-05T07:00:00.000Z', after, 'Asia/Novosibirsk')?.toISOString()).toBe('2026-12-05T07:00:00.000Z')
    // A cron task of the same wall-clock time runs then too.
    expect(nextRunAfter('cron', '0 10 5 12 *', after, 'Asia/Novosibirsk')?.toISOString()).toBe('2026-12-05T03:00:00.000Z')
  })

  it('judges a once time past in the zone, and a value that is no date as such, not as past', () => {
    // 17:30 in Novosibirsk is 10:30Z, after `after`; 16:00 there is 09:00Z, before it (16:00 in Moscow would be ahead).
    expect(scheduleError('once', '2026-11-24T17:30', after, 'Asia/Novosibirsk')).toBeNull()
    expect(scheduleError('once', '2026-11-24T16:00', after, 'Asia/Novosibirsk')).toBe(T.onceInPast)
    expect(scheduleError('once', '2026-12-05 jan', after, 'Europe/Moscow')).toBe(T.invalidDateTime)
    expect(nextRunAfter('once', '2026-12-05 jan', after, 'Europe/Moscow')).toBeNull()
  })

  // Found by a report-only attacker probe: «every 9 999 999 days» was saved and refused later without a field, «every
  // 2 000 000 days» ran first in the year 7445, and a cron of 30 February was saved as working with no run ever.
  it('refuses a schedule whose next run is past the last year a date may hold, or that never runs', () => {
    expect(scheduleError('days', '9999999', after, 'Europe/Moscow')).toBe(T.scheduleBeyondYears)
    expect(scheduleError('days', '2000000', after, 'Europe/Moscow')).toBe(T.scheduleBeyondYears)
    expect(scheduleError('days', '365', after, 'Europe/Moscow')).toBeNull()
    expect(scheduleError('cron', '0 0 30 2 *', after, 'Europe/Moscow')).toBe(T.scheduleBeyondYears)
  })
})
