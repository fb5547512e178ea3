import * as v from 'valibot'
import { REPORT_MAX_DAYS, REPORT_MULTI_POINT_LIMIT } from '../constants'
import { T } from '../texts'
import { dateText, idValue, textValue } from './common'

/** The report names of `POST /api/get_report/` (metering.md section 7). */
const REPORT_NAMES = ['Form008Report', 'Form00102Report', 'Form80020Report', 'Form80020XmlReport', 'Form010Report'] as const
export type ReportName = (typeof REPORT_NAMES)[number]

const MAX_IDS = 5000
/** A comma-separated list of ids ("3,5,8"), as the console sends represents_id and points_id. */
const idList = () =>
  v.pipe(
    v.string(T.invalidValue),
    v.trim(),
    v.regex(/^(\d{1,10}(,\d{1,10})*)?$/, T.invalidValue),
    v.transform((s) => (s === '' ? [] : [...new Set(s.split(',').map(Number))])),
    v.check((ids) => ids.every((id) => id >= 1 && id <= 2_147_483_647), T.invalidValue),
    v.maxLength(MAX_IDS, T.tooManyItems(MAX_IDS)),
  )

/** The query of `POST /api/get_report/`; which fields a report needs is checked by `reportRequestErrors`. */
export const reportQuery = v.object({
  report: v.picklist(REPORT_NAMES, T.reportUnknown),
  point_id: v.optional(idValue()),
  points_id: v.optional(idList(), ''),
  represents_id: v.optional(idList(), ''),
  date: v.optional(dateText()),
  beg_date: v.optional(dateText()),
  end_date: v.optional(dateText()),
  tariff_scheme_id: v.optional(idValue()),
})
export type ReportQuery = v.InferOutput<typeof reportQuery>

const DAY_MS = 86_400_000
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS)

/**
 * The rules of metering.md section 5 for one request, as the API's 400 body, or null when it may be sent:
 * the console enables "Сформировать" with the same function.
 */
export function reportRequestErrors(q: Omit<ReportQuery, 'tariff_scheme_id'>): Record<string, string[]> | null {
  const errors: Record<string, string[]> = {}
  const add = (field: string, message: string) => (errors[field] ??= []).push(message)
  const pointBased = q.report === 'Form80020Report' || q.report === 'Form80020XmlReport'
  if (q.report === 'Form008Report') {
    if (!q.date) add('date', T.required)
  } else {
    if (!q.beg_date) add('beg_date', T.required)
    if (!q.end_date) add('end_date', T.required)
    if (q.beg_date && q.end_date) {
      const days = daysBetween(q.beg_date, q.end_date)
      if (days < 0) add('end_date', T.reportEndBeforeBegin)
      else if (days + 1 > REPORT_MAX_DAYS) add('end_date', T.reportPeriodTooLong(REPORT_MAX_DAYS))
    }
  }
  if (pointBased) {
    if (q.point_id === undefined) add('point_id', T.reportPointRequired)
  } else if (q.report === 'Form00102Report') {
    // The point-based variant passes point_id, the multi-point one points_id.
    const count = new Set([...(q.point_id === undefined ? [] : [q.point_id]), ...q.points_id]).size
    if (count === 0) add('points_id', T.reportPointRequired)
    else if (count > REPORT_MULTI_POINT_LIMIT) add('points_id', T.reportTooManyPoints(REPORT_MULTI_POINT_LIMIT))
  } else if (q.points_id.length === 0 && q.represents_id.length === 0) add('points_id', T.reportNoPoints)
  return Object.keys(errors).length ? errors : null
}

/** The file a report answers with (metering.md section 7); 80020 XML of several days comes zipped. */
export const REPORT_FILE_NAMES: Record<Exclude<ReportName, 'Form80020XmlReport'>, string> = {
  Form008Report: 'report_008.xlsx',
  Form00102Report: 'report_001.02.xlsx',
  Form80020Report: 'report_80020.xlsx',
  Form010Report: 'report_010.xlsx',
}

/** A tariff zone scheme as GET /api/tariff_schemes/ answers it. */
const tariffSchemeRow = v.object({
  tariff_scheme_id: v.number(),
  name: v.string(),
  zones: v.array(v.object({ tariff: v.number(), name: v.string(), start_minute: v.number(), end_minute: v.number() })),
  is_account_default: v.boolean(),
})
export const tariffSchemeList = v.object({ count: v.number(), results: v.array(tariffSchemeRow) })

export const accountTariffSchemeInput = v.object({ tariff_scheme_id: idValue() })

/**
 * The owner of an object's metering area as 80020 messages name it (`<area>`): an INN of 10 or 12 digits and
 * a name, or both empty for the account's own area.
 */
export const marketAreaInput = v.pipe(
  v.object({
    area_inn: v.pipe(v.string(T.invalidValue), v.trim(), v.regex(/^(\d{10}|\d{12})?$/, T.innDigits)),
    area_name: textValue(255),
  }),
  v.forward(
    v.check((a) => a.area_inn === '' || a.area_name !== '', T.reportAreaNameRequired),
    ['area_name'],
  ),
)
export type MarketArea = v.InferOutput<typeof marketAreaInput>

/** `GET /api/reports/points/`: the report picker's point search by name or identifier. */
export const reportPointSearchQuery = v.object({
  search: v.pipe(v.string(T.invalidValue), v.trim(), v.minLength(1, T.required), v.maxLength(200, T.tooLong(200))),
})
const reportPointHit = v.object({ point_id: v.number(), name: v.string(), point_number: v.string(), object_name: v.string() })
export type ReportPointHit = v.InferOutput<typeof reportPointHit>
export const reportPointHits = v.object({ results: v.array(reportPointHit) })
