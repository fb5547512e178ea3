import { createFileRoute } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { T } from '../../../shared/texts'
import { LoadError } from '../../components/ui/load-error'
import { PageHeader } from '../../components/ui/page-header'
import { auditQueryOptions } from '../../features/audit/api/audit'
import { auditSearch } from '../../features/audit/api/audit-search'
import { AuditFilters } from '../../features/audit/components/audit-filters'
import { AuditTable } from '../../features/audit/components/audit-table'

export const Route = createFileRoute('/_app/audit')({
  validateSearch: auditSearch,
  loaderDeps: ({ search }) => search,
  // A trail seen before shows at once and is brought up to date behind it.
  loader: ({ context, deps }) => context.queryClient.ensureQueryData({ ...auditQueryOptions(deps), revalidateIfStale: true }),
  component: AuditPage,
})

function AuditPage() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const { data, isFetching, error, refetch } = useQuery(auditQueryOptions(search))
  const setSearch = (patch: Partial<typeof search>) => navigate({ search: (prev) => ({ ...prev, ...patch }) })
  return (
    <>
      <PageHeader title={T.auditTitle} />
      <AuditFilters search={search} onChange={setSearch} />
      {error ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : (
        <AuditTable
          rows={data?.results ?? []}
          loading={isFetching}
          paging={{ total: data?.count ?? 0, page: search.page, perPage: search.per_page, onPageChange: (page) => setSearch({ page }), onPerPageChange: (per_page) => setSearch({ per_page, page: 1 }) }}
        />
      )}
    </>
  )
}
