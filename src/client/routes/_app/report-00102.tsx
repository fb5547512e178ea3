import { createFileRoute } from '@tanstack/react-router'
import { REPORT_MULTI_POINT_LIMIT } from '../../../shared/constants'
import { T } from '../../../shared/texts'
import { ReportForm, type ReportFormSpec } from '../../features/reports/components/report-form'

const spec: ReportFormSpec = {
  title: 'Форма 001.02',
  heading: T.report00102Heading,
  pick: 'points',
  maxPoints: REPORT_MULTI_POINT_LIMIT,
  dates: 'period',
  formats: [{ report: 'Form00102Report', label: 'XLSX' }],
  tariffs: true,
}

export const Route = createFileRoute('/_app/report-00102')({ component: () => <ReportForm spec={spec} /> })
