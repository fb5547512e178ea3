import { createFileRoute } from '@tanstack/react-router'
import { T } from '../../../shared/texts'
import { ReportForm, type ReportFormSpec } from '../../features/reports/components/report-form'

const spec: ReportFormSpec = {
  title: 'Форма 010',
  heading: T.report010Heading,
  pick: 'objects',
  dates: 'period',
  formats: [{ report: 'Form010Report', label: 'XLSX' }],
  tariffs: true,
}

export const Route = createFileRoute('/_app/report-010')({ component: () => <ReportForm spec={spec} /> })
