import dayjs from 'dayjs'
import * as v from 'valibot'

/** The period presets of every chart page, in the order the picker shows them. */
export const PERIOD_PRESETS = ['today', 'yesterday', 'week', 'month', 'prev_month'] as const
export type PeriodPreset = (typeof PERIOD_PRESETS)[number]
export type PeriodChoice = PeriodPreset | 'custom'

const isoDay = v.pipe(
  v.string(),
  v.regex(/^\d{4}-\d{2}-\d{2}$/),
  v.check((s) => dayjs(s).isValid()),
)

/**
 * The period in a chart page's URL: `period` a preset (kept as its name, so «вчера» is yesterday again after a
 * reload the next day) or `custom` with `from` and `to` (calendar days, both included). Anything odd is dropped
 * and the page's own default applies. Spread into the route's `validateSearch` object.
 */
export const periodSearchEntries = {
  period: v.fallback(v.optional(v.picklist([...PERIOD_PRESETS, 'custom'])), undefined),
  from: v.fallback(v.optional(isoDay), undefined),
  to: v.fallback(v.optional(isoDay), undefined),
}
export type PeriodSearch = { period?: PeriodChoice; from?: string; to?: string }

/** Calendar days, both included, as the APIs take them. */
export type DayRange = { beginDate: string; endDate: string }

const day = (d: dayjs.Dayjs) => d.format('YYYY-MM-DD')

/** The days a preset covers on `today`; the week starts on Monday. */
export function presetRange(preset: PeriodPreset, today: Date = new Date()): DayRange {
  const now = dayjs(today).startOf('day')
  switch (preset) {
    case 'today':
      return { beginDate: day(now), endDate: day(now) }
    case 'yesterday':
      return { beginDate: day(now.subtract(1, 'day')), endDate: day(now.subtract(1, 'day')) }
    case 'week':
      return { beginDate: day(now.subtract((now.day() + 6) % 7, 'day')), endDate: day(now) }
    case 'month':
      return { beginDate: day(now.startOf('month')), endDate: day(now) }
    case 'prev_month': {
      const prev = now.startOf('month').subtract(1, 'month')
      return { beginDate: day(prev), endDate: day(prev.endOf('month')) }
    }
  }
}

/** The days the URL asks for, else the page's default (`null`: the API's own default span). */
export function resolvePeriod(search: PeriodSearch, fallback: DayRange | null, today: Date = new Date()): DayRange | null {
  if (search.period === 'custom') {
    if (!search.from || !search.to) return fallback
    return search.from <= search.to ? { beginDate: search.from, endDate: search.to } : { beginDate: search.to, endDate: search.from }
  }
  if (search.period) return presetRange(search.period, today)
  return fallback
}

/** A day range as the profile APIs take a time span: local midnight of the first day to that of the day after the last. */
export function rangeTimes(range: DayRange): { from: string; to: string } {
  return { from: dayjs(range.beginDate).startOf('day').toISOString(), to: dayjs(range.endDate).add(1, 'day').startOf('day').toISOString() }
}
