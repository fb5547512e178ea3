import { REPORT_MULTI_POINT_LIMIT } from '../../../shared/constants'
import { T } from '../../../shared/texts'
import type { ReportFormSpec } from './components/report-form'

/** The report screens by address, in the menu's order: what each one's form asks (metering.md sections 2 and 5). */
export const REPORT_FORMS = {
  '/report-008': {
    title: 'Форма 008',
    heading: T.report008Heading,
    pick: 'objects',
    dates: 'one',
    formats: [{ report: 'Form008Report', label: 'XLSX' }],
    tariffs: true,
  },
  '/report-00102': {
    title: 'Форма 001.02',
    heading: T.report00102Heading,
    pick: 'points',
    maxPoints: REPORT_MULTI_POINT_LIMIT,
    dates: 'period',
    formats: [{ report: 'Form00102Report', label: 'XLSX' }],
    tariffs: true,
  },
  '/report-80020': {
    title: 'Форма 80020',
    heading: T.report80020Heading,
    pick: 'points',
    maxPoints: 1,
    dates: 'period',
    formats: [
      { report: 'Form80020Report', label: 'XLSX (таблица)' },
      { report: 'Form80020XmlReport', label: 'XML 80020 (по файлу на сутки)' },
    ],
    tariffs: false,
  },
  '/report-010': {
    title: 'Форма 010',
    heading: T.report010Heading,
    pick: 'objects',
    dates: 'period',
    formats: [{ report: 'Form010Report', label: 'XLSX' }],
    tariffs: true,
  },
} satisfies Record<string, ReportFormSpec>
