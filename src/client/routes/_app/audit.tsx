import { createFileRoute } from '@tanstack/react-router'
import { T } from '../../../shared/texts'
import { PageHeader } from '../../components/ui/page-header'
import { useListScreen } from '../../components/ui/list-screen'
import { listRoute } from '../../lib/list-route'
import { auditQueryOptions } from '../../features/audit/api/audit'
import { auditSearch } from '../../features/audit/api/audit-search'
import { AuditFilters } from '../../features/audit/components/audit-filters'
import { AuditTable } from '../../features/audit/components/audit-table'

export const Route = createFileRoute('/_app/audit')({
  ...listRoute(auditSearch),
  // A trail seen before shows at once and is brought up to date behind it.
  loader: ({ context, deps }) => context.queryClient.ensureQueryData({ ...auditQueryOptions(deps), revalidateIfStale: true }),
  component: AuditPage,
})

function AuditPage() {
  const list = useListScreen(Route, auditQueryOptions)
  return (
    <>
      <PageHeader title={T.auditTitle} />
      <AuditFilters search={list.search} onChange={list.setSearch} />
      <AuditTable table={list.table} />
    </>
  )
}
