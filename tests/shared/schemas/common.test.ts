import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import * as v from 'valibot'
import { readDateTime } from '../../../src/shared/calendar'
import { dateText, dateTimeText, monthText } from '../../../src/shared/schemas/common'
import { T } from '../../../src/shared/texts'

const issue = (schema: v.GenericSchema, input: string) => v.safeParse(schema, input).issues?.[0]?.message

describe('dates the API and the forms take', () => {
  it('are days of the years 1900 to 2099: a year past them is a typing slip, and no sum over it ends', () => {
    for (const day of ['1900-01-01', '2026-11-28', '2099-12-31']) expect(issue(dateText(), day), day).toBeUndefined()
    for (const day of ['1899-12-31', '2100-01-01', '9999-12-31', '0001-01-01', '0000-01-01']) expect(issue(dateText(), day), day).toBe(T.dateRange)
  })
  it('are instants of the same years, whatever their offset', () => {
    for (const instant of ['1900-01-01T00:00:00Z', '2024-06-01T09:00:00.000Z', '2099-12-31T23:59:59-12:00'])
      expect(issue(dateTimeText(), instant), instant).toBeUndefined()
    for (const instant of ['9999-12-31T23:59:59-12:00', '0001-01-01T00:00:00Z', '1899-12-31T23:59:59Z'])
      expect(issue(dateTimeText(), instant), instant).toBe(T.dateRange)
  })
  it('are days the calendar has, with nothing after them: Date.parse would read them as other days', () => {
    // Date.parse rolls 30 February over to 2 March and reads "2026-11-01 nov" as 11 November, "2026-11-01junk" as 11 June.
    for (const day of ['2026-02-30', '2026-02-29', '2100-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '2026-01-00', '2026-11-01 nov', '2026-11-01junk'])
      expect(issue(dateText(), day), day).toBe(T.invalidDate)
    for (const day of ['2024-02-29', '2000-02-29', '2026-04-30', '2026-12-31']) expect(issue(dateText(), day), day).toBeUndefined()
    for (const instant of [
      '2026-02-30',
      '2026-02-30T10:00:00Z',
      '2026-11-01 nov',
      '2026-11-01junk',
      '2026-11-01T10:00:00Z junk',
      '2026-11-01T24:00:00Z',
      '2026-11-01T10:60Z',
      '2026-11-01T10:00:00+03',
      '2026-11-01T10',
    ])
      expect(issue(dateTimeText(), instant), instant).toBe(T.invalidDateTime)
  })
  it('keep every form of an instant that was read as written, and mean by it what Date.parse does', () => {
    const two = (n: number) => String(n).padStart(2, '0')
    const parts = fc.record({
      year: fc.integer({ min: 1900, max: 2099 }),
      month: fc.integer({ min: 1, max: 12 }),
      day: fc.integer({ min: 1, max: 28 }),
      hour: fc.integer({ min: 0, max: 23 }),
      minute: fc.integer({ min: 0, max: 59 }),
      second: fc.option(fc.integer({ min: 0, max: 59 })),
      fraction: fc.option(fc.stringMatching(/^\d{1,9}$/)),
      separator: fc.constantFrom('T', 't', ' '),
      offset: fc.option(fc.tuple(fc.constantFrom('Z', 'z', '+', '-'), fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), fc.boolean())),
    })
    fc.assert(
      fc.property(parts, (p) => {
        const seconds = p.second === null ? '' : `:${two(p.second)}${p.fraction === null ? '' : `.${p.fraction}`}`
        const zone =
          p.offset === null
            ? ''
            : p.offset[0] === 'Z' || p.offset[0] === 'z'
              ? p.offset[0]
              : `${p.offset[0]}${two(p.offset[1])}${p.offset[3] ? ':' : ''}${two(p.offset[2])}`
        const text = `${p.year}-${two(p.month)}-${two(p.day)}${p.separator}${two(p.hour)}:${two(p.minute)}${seconds}${zone}`
        const read = readDateTime(text)
        expect(read, text).not.toBeNull()
        expect(issue(dateTimeText(), text), text).toBeUndefined()
        const wall = new Date(0)
        wall.setUTCFullYear(read!.year, read!.month - 1, read!.day)
        wall.setUTCHours(read!.hour, read!.minute, read!.second, read!.millisecond)
        // Without an offset Date.parse reads the process's zone, as the routes that take such a value always have.
        const local = new Date(read!.year, read!.month - 1, read!.day, read!.hour, read!.minute, read!.second, read!.millisecond).getTime()
        expect(Date.parse(text), text).toBe(read!.offset === null ? local : wall.getTime() - read!.offset * 60_000)
      }),
    )
    expect(readDateTime('2026-11-01')).toMatchObject({ year: 2026, month: 11, day: 1, hour: 0, offset: null })
    expect(Date.parse('2026-11-01')).toBe(Date.UTC(2026, 10, 1))
  })
  it('have months of the same years', () => {
    for (const month of ['1900-01', '2026-11', '2099-12']) expect(issue(monthText(), month), month).toBeUndefined()
    for (const month of ['0000-01', '1899-12', '2100-01']) expect(issue(monthText(), month), month).toBe(T.dateRange)
    for (const month of ['2026-13', '2026-00', '2026-11 nov', '2026-1']) expect(issue(monthText(), month), month).toBe(T.monthFormat)
  })
})
