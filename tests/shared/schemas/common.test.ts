import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { dateText, dateTimeText } from '../../../src/shared/schemas/common'
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
})
