import { createFileRoute } from '@tanstack/react-router'
import { ReportForm } from '../../features/reports/components/report-form'
import { REPORT_FORMS } from '../../features/reports/report-forms'

export const Route = createFileRoute('/_app/report-008')({
  staticData: { permission: 'reports.export' },
  component: () => <ReportForm spec={REPORT_FORMS['/report-008']} />,
})
