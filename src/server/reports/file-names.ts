import { REPORT_FILE_NAMES, type ReportName } from '../../shared/schemas/reports'
import type { Period } from './context'
import type { ReportPoint } from './selection'
import { ruDate } from './time'

const SUBJECT_MAX = 80

/** Characters Windows refuses in a file name (browsers replace control characters themselves). */
const safe = (text: string) => text.replace(/[\\/:*?"<>|]/g, '_').trim()

/**
 * The name of a report file: the spec's name (report_010.xlsx) with what it covers and the period, so that a
 * folder of downloads tells the files apart: «report_010_ПС Северная и ещё 1_01.05.2025-31.05.2025.xlsx».
 * The subject is the first chosen object, or the first point with its identifier.
 */
export function reportFileName(report: Exclude<ReportName, 'Form80020XmlReport'>, objectNames: string[], points: ReportPoint[], period: Period): string {
  const subjects = objectNames.length ? objectNames : points.map((p) => `${p.name} (${p.point_number})`)
  const first = safe(subjects[0] ?? '').slice(0, SUBJECT_MAX)
  const subject = subjects.length > 1 ? `${first} и ещё ${subjects.length - 1}` : first
  const dates = period.first === period.last ? ruDate(period.first) : `${ruDate(period.first)}-${ruDate(period.last)}`
  return REPORT_FILE_NAMES[report].replace(/\.xlsx$/, `_${subject}_${dates}.xlsx`)
}
