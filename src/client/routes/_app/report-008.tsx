import { createFileRoute } from '@tanstack/react-router'
import { T } from '../../../shared/texts'
import { ReportForm, type ReportFormSpec } from '../../features/reports/components/report-form'

const spec: ReportFormSpec = {
  title: 'Форма 008',
  heading: T.report008Heading,
  pick: 'objects',
  dates: 'one',
  formats: [{ report: 'Form008Report', label: 'XLSX' }],
  tariffs: true,
}

export const Route = createFileRoute('/_app/report-008')({ component: () => <ReportForm spec={spec} /> })
