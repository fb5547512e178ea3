import { createFileRoute } from '@tanstack/react-router'
import { T } from '../../../shared/texts'
import { ReportForm, type ReportFormSpec } from '../../features/reports/components/report-form'

const spec: ReportFormSpec = {
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
}

export const Route = createFileRoute('/_app/report-80020')({ component: () => <ReportForm spec={spec} /> })
