import { createFileRoute } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { LoadError } from '../../components/ui/load-error'
import { PageHeader } from '../../components/ui/page-header'
import { SearchInput } from '../../components/ui/search-input'
import { listSearch } from '../../lib/list-search'
import { tasksQueryOptions } from '../../features/collection/api/collection'
import { TasksTable } from '../../features/collection/components/tasks-table'

export const Route = createFileRoute('/_app/tasks')({
  validateSearch: listSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(tasksQueryOptions(deps)),
  component: TasksPage,
})

function TasksPage() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const { data, isFetching, error, refetch } = useQuery(tasksQueryOptions(search))
  const setSearch = (patch: Partial<typeof search>) => navigate({ search: (prev) => ({ ...prev, ...patch }) })
  return (
    <>
      <PageHeader title="Задания опроса" actions={<SearchInput value={search.search} onChange={(text) => setSearch({ search: text, page: 1 })} />} />
      {error ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : (
        <TasksTable
          rows={data?.results ?? []}
          loading={isFetching}
          showPoint
          paging={{ total: data?.count ?? 0, page: search.page, perPage: search.per_page, onPageChange: (page) => setSearch({ page }), onPerPageChange: (per_page) => setSearch({ per_page, page: 1 }) }}
        />
      )}
    </>
  )
}
